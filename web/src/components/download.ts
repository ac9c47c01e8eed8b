// downloadFile(content, fileName, mime): saves a Blob or text as a file through a temporary link (CSV and xlsx
// exports). Text is stored as given, in UTF-8; the caller owns the content (separators, quoting, line ends).
export function downloadFile(content: Blob | string, fileName: string, mime: string): void {
  const blob = typeof content === 'string' ? new Blob([content], { type: mime }) : content;
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.style.display = 'none';
  document.body.append(link);
  link.click();
  link.remove();
  // Revoking at once can cancel the download in some browsers; after the click's task has run it is safe.
  setTimeout(() => URL.revokeObjectURL(url), 0);
}
