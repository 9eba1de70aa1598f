import { readContentFolder } from './files';
import { type ContentLibrary, createContentLibrary } from './library';

export { CONTENT_FOLDER, readContentFolder } from './files';
export {
  ADVERTISEMENT_FIELDS,
  type ContentFiles,
  type ContentLibrary,
  type ContentPage,
  contentSources,
  createContentLibrary,
} from './library';

let library: ContentLibrary | undefined;

/** The content of the package's content folder, read once per process (decision 0044). */
export function contentLibrary(): ContentLibrary {
  library ??= createContentLibrary(readContentFolder());
  return library;
}
