import { arc, type PieArcDatum, pie } from 'd3-shape';

export type DonutSlice = {
  key: string;
  /** What the slice's tooltip says (name, count, share). */
  title: string;
  value: number;
  color: string;
};

type DonutChartProps = {
  slices: DonutSlice[];
  /** The figure in the hole (the total), and the word under it. */
  centerValue: string;
  centerLabel: string;
  /** The slice under the pointer or the legend row in focus: the others fade. */
  activeKey?: string;
  onHover?: (key: string | undefined) => void;
  /** A click on a slice (a pointer's shortcut: the legend and the links say the same to a keyboard). */
  onOpen?: (key: string) => void;
};

const OUTER = 96;
const INNER = 62;
// A white gap between slices, so that neighbours of close colours still read as two.
const PAD = 0.014;

const sector = arc<PieArcDatum<DonutSlice>>().innerRadius(INNER).outerRadius(OUTER).cornerRadius(2);

/**
 * A donut drawn as plain SVG from d3-shape's geometry (the chart library chosen for its weight,
 * docs/decisions/dashboard.md), clockwise from noon in the answer's order. It is a picture for the eye:
 * hidden from assistive technology, which gets the same figures from the legend and the table beside it.
 */
export function DonutChart({
  slices,
  centerValue,
  centerLabel,
  activeKey,
  onHover,
  onOpen,
}: DonutChartProps) {
  const arcs = pie<DonutSlice>()
    .value((slice) => slice.value)
    .sort(null)
    .padAngle(slices.length > 1 ? PAD : 0)(slices);
  return (
    <svg className="dashboard-donut" viewBox="-100 -100 200 200" aria-hidden="true" focusable="false">
      {arcs.map((datum) => (
        // biome-ignore lint/a11y/noStaticElementInteractions: a pointer shortcut; the legend is the accessible way
        <path
          key={datum.data.key}
          d={sector(datum) ?? ''}
          fill={datum.data.color}
          className={[
            'dashboard-donut-slice',
            onOpen ? 'is-link' : '',
            activeKey && activeKey !== datum.data.key ? 'is-faded' : '',
          ].join(' ')}
          onPointerEnter={() => onHover?.(datum.data.key)}
          onPointerLeave={() => onHover?.(undefined)}
          onClick={onOpen ? () => onOpen(datum.data.key) : undefined}
        >
          <title>{datum.data.title}</title>
        </path>
      ))}
      <text className="dashboard-donut-total" y="-2" textAnchor="middle">
        {centerValue}
      </text>
      <text className="dashboard-donut-label" y="18" textAnchor="middle">
        {centerLabel}
      </text>
    </svg>
  );
}
