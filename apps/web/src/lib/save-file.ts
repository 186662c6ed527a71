/** Saves a fetched file under a name: an object URL clicked through a download link, then released. */
export function saveFile(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement("a");
  link.href = url;
  link.download = fileName;
  link.rel = "noopener";
  document.body.append(link);
  link.click();
  link.remove();
  // released after the click is handled: revoking at once cancels the download in some browsers
  setTimeout(() => URL.revokeObjectURL(url), 1_000);
}
