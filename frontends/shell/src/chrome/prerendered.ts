/**
 * index.html draws the header, a page skeleton and the footer before any JavaScript runs
 * (decision 0034). Each is marked data-prerendered and goes when React has drawn its own in the
 * same place: in a layout effect, so the two never show together or leave a frame without either.
 */
export const PRERENDERED_ATTRIBUTE = 'data-prerendered';

/** Removes the pre-rendered children of an element (the header, main or footer target). */
export const removePrerendered = (within: Element | null): void => {
  for (const element of within?.querySelectorAll(`:scope > [${PRERENDERED_ATTRIBUTE}]`) ?? []) element.remove();
};
