/**
 * What a broken image turns into (SPEC section 4, 'Images'), chosen by the view with data-fallback:
 * hero  -> one of three local stock images;  review -> 'Review image unavailable / Content still accessible';
 * box   -> an 'Image unavailable' box;       hide (default for cards) -> hidden.
 */
const HERO_STOCK = ['/media/stock/hero-reef.jpg', '/media/stock/hero-wreck.jpg', '/media/stock/hero-drift.jpg'];

function notice(image: HTMLImageElement, lines: string[]): void {
  const box = document.createElement('div');
  box.setAttribute('role', 'img');
  box.setAttribute('aria-label', image.alt || lines[0]);
  box.className = `${image.className} flex flex-col items-center justify-center gap-1 bg-slate-100 text-sm text-slate-500`;
  for (const line of lines) {
    const text = document.createElement('span');
    text.textContent = line;
    box.appendChild(text);
  }
  image.replaceWith(box);
}

function handle(image: HTMLImageElement): void {
  const mode = image.dataset.fallback;
  if (!mode) return;
  if (mode === 'hero') {
    const tried = Number(image.dataset.fallbackTries ?? '0');
    if (tried >= HERO_STOCK.length) return void (image.style.visibility = 'hidden');
    image.dataset.fallbackTries = String(tried + 1);
    // A srcset outranks src: without removing it the browser would keep asking for the broken variants.
    image.removeAttribute('srcset');
    image.removeAttribute('sizes');
    image.src = HERO_STOCK[tried];
  } else if (mode === 'review') notice(image, ['Review image unavailable', 'Content still accessible']);
  else if (mode === 'box') notice(image, ['Image unavailable']);
  else image.style.display = 'none';
}

export function installImageFallbacks(): void {
  document.addEventListener('error', (event) => event.target instanceof HTMLImageElement && handle(event.target), true);
  // Images that failed before this script ran.
  document.querySelectorAll<HTMLImageElement>('img[data-fallback]').forEach((image) => {
    if (image.complete && image.naturalWidth === 0 && image.currentSrc) handle(image);
  });
}
