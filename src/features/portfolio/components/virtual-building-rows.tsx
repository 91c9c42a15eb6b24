import { useWindowVirtualizer } from '@tanstack/react-virtual';
import { useEffect, useLayoutEffect, useRef, useState, type RefObject } from 'react';
import type { BuildingRow } from '../utils/building-columns';
import { BuildingTableRow, SpacerRow, rowHeight } from './building-table-row';

/**
 * The rows of a long list, virtualized against the page's own scrolling (no scroll box inside
 * the scrolling page, a trap on touch screens): 10,000 buildings keep a few dozen rows in the DOM.
 * Its own chunk: a portfolio of a few dozen buildings draws every row and never loads it.
 */
export function VirtualBuildingRows({
  rows,
  selectedId,
  onOpen,
  bodyRef,
}: {
  rows: BuildingRow[];
  selectedId: string | undefined;
  onOpen: (id: string) => void;
  /** The table body the rows are in: where they start on the page. */
  bodyRef: RefObject<HTMLTableSectionElement | null>;
}) {
  const [offset, setOffset] = useState(0);
  // Where the rows start on the page; the figures above may change height as data arrives.
  useLayoutEffect(() => {
    const top = bodyRef.current ? bodyRef.current.getBoundingClientRect().top + window.scrollY : 0;
    if (Math.abs(top - offset) > 1) setOffset(top);
  }, [offset, rows, bodyRef]);
  const virtualizer = useWindowVirtualizer({
    count: rows.length,
    estimateSize: () => rowHeight,
    overscan: 12,
    scrollMargin: offset,
    initialRect: { width: 1200, height: 900 },
  });
  const items = virtualizer.getVirtualItems();
  const paddingTop = (items[0]?.start ?? offset) - offset;
  const paddingBottom = virtualizer.getTotalSize() - ((items.at(-1)?.end ?? offset) - offset);

  // Coming back (Back button, shared link) to a selection: bring it into view once.
  const selectedIndex = selectedId ? rows.findIndex((row) => row.id === selectedId) : -1;
  const scrolledTo = useRef<string | undefined>(undefined);
  useEffect(() => {
    if (selectedIndex >= 0 && scrolledTo.current !== selectedId) {
      scrolledTo.current = selectedId;
      virtualizer.scrollToIndex(selectedIndex, { align: 'center' });
    }
  }, [selectedIndex, selectedId, virtualizer]);

  return (
    <>
      <SpacerRow height={paddingTop} />
      {items.map((item) => {
        const row = rows[item.index]!;
        return (
          <BuildingTableRow
            key={row.id}
            row={row}
            rowIndex={item.index}
            selected={row.id === selectedId}
            onOpen={onOpen}
          />
        );
      })}
      <SpacerRow height={paddingBottom} />
    </>
  );
}
