/** The window events that carry toasts (toast.ts): apart, so a listener needs nothing else of toast.ts. */
export const TOAST_EVENT = 'portal:toast';
export const TOAST_DISMISS_EVENT = 'portal:toast-dismiss';
