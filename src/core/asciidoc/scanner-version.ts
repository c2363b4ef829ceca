/**
 * The version of what `scanNote` produces. Scan caches (src/app/scan-cache.ts) keep note models
 * between runs and throw every entry away when this differs from the one they were written
 * under: bump it with any change to the scanner or to `NoteModel` that can change a model.
 */
export const SCANNER_VERSION = 11
