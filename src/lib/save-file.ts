// Offering a finished file to the person: the share sheet on phones that take files (the Web Share
// API, level 2), a download everywhere else.

// A phone or tablet: the share sheet is where files go (to Files, mail, a chat).
const COARSE_POINTER = '(pointer: coarse)'

export function canShareFile(file: File): boolean {
  if (typeof navigator.share !== 'function' || typeof navigator.canShare !== 'function')
    return false
  if (typeof window.matchMedia !== 'function' || !window.matchMedia(COARSE_POINTER).matches) {
    return false
  }
  try {
    return navigator.canShare({ files: [file] })
  } catch {
    return false
  }
}

/**
 * Opens the share sheet with the file. Must run inside a click (a fresh user activation). Resolves
 * true when shared, false when the person closed the sheet.
 */
export async function shareFile(file: File): Promise<boolean> {
  try {
    await navigator.share({ files: [file], title: file.name })
    return true
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') return false
    throw error
  }
}

// Saves the file under its name through a temporary link to an object URL.
export function downloadFile(file: Blob, name: string): void {
  const url = URL.createObjectURL(file)
  const link = document.createElement('a')
  link.href = url
  link.download = name
  link.rel = 'noopener'
  link.style.display = 'none'
  document.body.append(link)
  link.click()
  link.remove()
  // Revoked once the browser has surely started reading it (FileSaver.js waits 40 s too): a URL
  // revoked at once can cancel the download, and one kept forever keeps the file in memory.
  setTimeout(() => URL.revokeObjectURL(url), 40_000)
}

// Characters no file system takes in a name, and control characters.
// eslint-disable-next-line no-control-regex
const UNSAFE_IN_FILE_NAME = /[\u0000-\u001f\u007f<>:"/\\|?*]+/g

// Text made fit for a file name: unsafe characters become spaces, runs of spaces one, trimmed.
export function fileNamePart(text: string, maxLength = 120): string {
  return text
    .replace(UNSAFE_IN_FILE_NAME, ' ')
    .replace(/\s+/g, ' ')
    .trim()
    .slice(0, maxLength)
    .trim()
}
