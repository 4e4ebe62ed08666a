/** The sentence of the view shown in place of a micro-frontend that cannot be loaded (error-view.tsx, RemoteLoadError.tsx). */
export const REMOTE_LOAD_ERROR_TEXT = 'This part of the portal could not be loaded. Please refresh the page.';
