import type { WorldTable } from "./types.ts";

/** Indonesian and Malay. */
export const malay: WorldTable = {
  langs: ["id", "ms"],
  spaced: true,
  numbers: {
    sepuluh: 10,
    sebelas: 11,
    "dua belas": 12,
    "tiga belas": 13,
    "empat belas": 14,
    "lima belas": 15,
    "enam belas": 16,
    "tujuh belas": 17,
    "delapan belas": 18,
    "lapan belas": 18,
  },
  ages: [
    { pattern: "{N} ?(?:tahun|thn|th)" },
    { pattern: "(?:berumur|berusia|umur|usia|umurku|usiaku|umurnya|usianya) {N}" },
  ],
  notAgeBefore: ["sudah", "selama", "menikah", "kucing~", "anjing~", "tanggal"],
  notAgeAfter: ["yang lalu", "lalu", "pengalaman", "menikah", "bersama", "menit", "jam", "ribu", "rupiah", "ringgit", "kucing", "anjing"],
  minors: ["anak", "anak-anak", "bocah", "gadis kecil", "di bawah umur", "bawah umur", "remaja", "abg"],
  school: ["smp", "anak sd", "anak sma", "siswi sma", "siswa sma", "siswi", "siswa", "murid", "pelajar", "anak sekolah", "kelas \\d", "sekolah menengah", "sekolah rendah"],
  strong: ["loli~", "shota~"],
  romantic: ["pacar~", "kekasih~", "cium~", "sayang kamu", "cinta kamu", "aku cinta", "aku sayang", "kencan", "berkencan", "pacaran"],
  sexual: ["seks", "ngentot", "ngewe", "telanjang", "bugil", "buka baju~", "ranjang", "tempat tidur", "bercinta", "horny", "sange"],
  roles: ["kamu", "aku", "kita", "saya", "awak", "jadi", "jadilah", "menjadi", "kamu adalah", "kamu masih", "aku masih"],
  rolesAfter: [],
  roleplay: ["pura-pura", "pura pura", "berpura", "bayangkan", "anggap", "roleplay", "main peran", "berlakon"],
  past: ["waktu kecil", "dulu", "dahulu", "ketika aku", "saat aku", "masa kecil"],
  family: ["(?:anak|putri|putra|murid|siswa|cucu)(?:-anak)? (?:saya|aku|kami|ku)", "anakku", "anakku", "muridku", "putriku", "putraku"],
  neutral: ["guru", "cikgu", "reuni"],
};
