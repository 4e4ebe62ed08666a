/** The element a single-spa application renders into: one div per application inside <main>. */
export const appContainer = (name: string): HTMLElement => {
  const id = `portal-app-${name}`;
  const existing = document.getElementById(id);
  if (existing) return existing;
  const element = document.createElement('div');
  element.id = id;
  element.className = 'portal-app';
  const main = document.getElementById('portal-main') ?? document.body;
  main.append(element);
  return element;
};
