/**
 * The frame of every dashboard chart (requirements §20): the drawing is decorative for screen
 * readers, so the figure is named by its caption, described by a one-sentence summary, and
 * carries the same numbers in a visually hidden table.
 */
import { useId, type ReactNode } from 'react';

/** The caption's heading of each level: a chart of its own card (3) or of a card's part (4). */
const HEADINGS = {
  3: { Tag: 'h3', className: 'text-base font-semibold text-slate-900' },
  4: { Tag: 'h4', className: 'text-sm font-semibold text-slate-900' },
} as const;

/**
 * The figure titled `title` and described by `summary`. `drawing` (none when null) sits in a box
 * hidden from screen readers with `drawingClassName`, followed by `children` (legends, notes);
 * the hidden table, captioned `title`, has the header cells `columns` and the rows `rows`.
 */
export function ChartFigure({
  title,
  summary,
  level,
  captionClassName = 'px-5 sm:px-6',
  drawing,
  drawingClassName,
  columns,
  rows,
  children,
}: {
  title: string;
  summary: ReactNode;
  level: keyof typeof HEADINGS;
  captionClassName?: string;
  drawing: ReactNode | null;
  drawingClassName: string;
  columns: ReactNode;
  rows: ReactNode;
  children?: ReactNode;
}) {
  const titleId = useId();
  const summaryId = useId();
  const { Tag, className } = HEADINGS[level];
  return (
    <figure aria-labelledby={titleId} aria-describedby={summaryId} className="min-w-0">
      <figcaption className={captionClassName}>
        <Tag id={titleId} className={className}>
          {title}
        </Tag>
        <p id={summaryId} className="mt-1 text-sm text-slate-600">
          {summary}
        </p>
      </figcaption>
      {drawing === null ? null : (
        <>
          <div aria-hidden="true" className={drawingClassName}>
            {drawing}
          </div>
          {children}
        </>
      )}
      {/* In a clipped box: a table is as wide as its cells, whatever its own width says. */}
      <div className="sr-only">
        <table>
          <caption>{title}</caption>
          <thead>
            <tr>{columns}</tr>
          </thead>
          <tbody>{rows}</tbody>
        </table>
      </div>
    </figure>
  );
}
