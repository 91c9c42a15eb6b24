/** How long a pointer rests on a link before it counts as the intent to follow it. */
export const hoverIntentMs = 60;

const linkOf = (event: Event): HTMLAnchorElement | undefined => {
  const target = event.target;
  if (!(target instanceof Element)) return undefined;
  const link = target.closest('a[href]');
  if (
    !(link instanceof HTMLAnchorElement) ||
    link.target === '_blank' ||
    link.hasAttribute('download')
  )
    return undefined;
  return link;
};

/**
 * Calls `onIntent(href)` when someone is about to follow a link: a pointer resting on it, keyboard
 * focus, or a touch. One listener per kind on the document covers every link of every screen,
 * so no feature has to know about prefetching. Returns the function that stops listening.
 */
export function listenForNavigationIntent(
  target: Document,
  onIntent: (href: string) => void,
  setTimer: (run: () => void, ms: number) => () => void = (run, ms) => {
    const id = setTimeout(run, ms);
    return () => clearTimeout(id);
  },
): () => void {
  let cancelHover: (() => void) | undefined;
  const onPointerOver = (event: Event) => {
    const link = linkOf(event);
    if (!link) return;
    cancelHover?.();
    cancelHover = setTimer(() => onIntent(link.href), hoverIntentMs);
  };
  const onPointerOut = (event: Event) => {
    if (linkOf(event)) cancelHover?.();
  };
  const atOnce = (event: Event) => {
    const link = linkOf(event);
    if (link) onIntent(link.href);
  };
  target.addEventListener('pointerover', onPointerOver);
  target.addEventListener('pointerout', onPointerOut);
  target.addEventListener('focusin', atOnce);
  target.addEventListener('touchstart', atOnce, { passive: true });
  return () => {
    cancelHover?.();
    target.removeEventListener('pointerover', onPointerOver);
    target.removeEventListener('pointerout', onPointerOut);
    target.removeEventListener('focusin', atOnce);
    target.removeEventListener('touchstart', atOnce);
  };
}
