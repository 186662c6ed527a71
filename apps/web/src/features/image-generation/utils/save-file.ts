/** Hands a fetched file to the browser as a download named `fileName`. */
export function saveFile(file: Blob, fileName: string): void {
  const url = URL.createObjectURL(file);
  const link = document.createElement("a");
  link.href = url;
  link.download = fileName;
  link.rel = "noopener";
  document.body.append(link);
  link.click();
  link.remove();
  // released a moment after the click: revoked at once, some browsers cancel the download
  setTimeout(() => URL.revokeObjectURL(url), 1_000);
}
