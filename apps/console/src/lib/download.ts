/** Saves text as a file from the browser (a temporary link to a Blob). */
export function downloadText(fileName: string, text: string, type: string) {
  const url = URL.createObjectURL(new Blob([text], { type }));
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.rel = 'noopener';
  document.body.appendChild(link);
  link.click();
  link.remove();
  // Some browsers read the Blob after click() returns.
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}
