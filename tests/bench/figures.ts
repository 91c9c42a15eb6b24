import type { IndexFigure } from './portfolio-index';

/** The value at `share` (0.95: p95) of `values`. */
export const percentile = (values: number[], share: number) =>
  [...values].sort((a, b) => a - b)[
    Math.min(values.length - 1, Math.floor(values.length * share))
  ]!;

/** A part's figures, each printed as it is recorded. */
export function figureRecorder() {
  const figures: IndexFigure[] = [];
  const record = (figure: IndexFigure) => {
    figures.push(figure);
    console.log(
      `${figure.met === undefined ? '·' : figure.met ? '✓' : '✗'} ${figure.group} — ${figure.name}: ${figure.value} (target ${figure.target})`,
    );
  };
  return { figures, record };
}

/** The figures as a Markdown table: what, measured, target, met. */
export const figureTable = (figures: readonly IndexFigure[], whatHeader = 'figure') => [
  `| ${whatHeader} | measured | target | met |`,
  '| --- | --- | --- | --- |',
  ...figures.map(
    (figure) =>
      `| ${figure.name} | ${figure.value} | ${figure.target} | ${figure.met === undefined ? '—' : figure.met ? 'yes' : '**no**'} |`,
  ),
];
