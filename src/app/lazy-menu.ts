import { useState, type MouseEvent } from 'react';

/**
 * A menu whose list is a chunk of its own: fetched when a pointer or focus comes near its
 * button, mounted at the first press, then kept. Returns the open state and the button's props
 * (its ARIA and the handlers that fetch and open).
 */
export function useLazyMenu(menuId: string, load: () => Promise<unknown>) {
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const [opened, setOpened] = useState(false);
  const prefetch = () => void load();
  return {
    anchor,
    /** Pressed once: the list is mounted (and stays, closed, for the next press). */
    opened,
    close: () => setAnchor(null),
    buttonProps: {
      'aria-haspopup': 'menu' as const,
      'aria-expanded': anchor ? ('true' as const) : ('false' as const),
      'aria-controls': anchor ? menuId : undefined,
      onPointerEnter: prefetch,
      onFocus: prefetch,
      onTouchStart: prefetch,
      onClick: (event: MouseEvent<HTMLElement>) => {
        setOpened(true);
        setAnchor(event.currentTarget);
      },
    },
  };
}
