import { Chart as PrimeChart } from 'primereact/chart';
import type { CSSProperties } from 'react';

/** A Chart.js chart: its type, data and options as Chart.js takes them. */
export interface ChartProps {
  type: 'line' | 'bar' | 'pie' | 'doughnut';
  data: object;
  options?: object;
  style?: CSSProperties;
  className?: string;
}

/** A Chart.js chart on a canvas (PrimeReact's wrapper underneath, which loads chart.js). */
export function Chart(props: ChartProps) {
  return <PrimeChart {...props} />;
}
