/** The small screens' search panel (a <details>): opening it puts the caret in its box, ready to type. */
export function focusSearchOnOpen(): void {
  const panel = document.querySelector<HTMLDetailsElement>('details[data-panel="search"]');
  panel?.addEventListener('toggle', () => {
    if (panel.open) panel.querySelector<HTMLInputElement>('input[name="q"]')?.focus();
  });
}
