import { LineChart } from 'echarts/charts';
import { DataZoomComponent, GridComponent, LegendComponent, TooltipComponent } from 'echarts/components';
import * as echarts from 'echarts/core';
import { CanvasRenderer } from 'echarts/renderers';
import { type CSSProperties, useEffect, useRef } from 'react';

echarts.use([LineChart, GridComponent, TooltipComponent, LegendComponent, DataZoomComponent, CanvasRenderer]);

export type EChartOption = echarts.EChartsCoreOption;

/** A small React wrapper over the core ECharts API: one instance per element, resized with it. */
export function EChart({
  option,
  style,
  className,
}: {
  option: EChartOption;
  style?: CSSProperties;
  className?: string;
}) {
  const element = useRef<HTMLDivElement>(null);
  const chart = useRef<echarts.ECharts | null>(null);

  useEffect(() => {
    const el = element.current;
    if (!el) return;
    const instance = echarts.init(el);
    chart.current = instance;
    const observer = new ResizeObserver(() => instance.resize());
    observer.observe(el);
    return () => {
      observer.disconnect();
      instance.dispose();
      chart.current = null;
    };
  }, []);

  useEffect(() => {
    // Replace, not merge: series removed from the option must leave the chart.
    chart.current?.setOption(option, { notMerge: true });
  }, [option]);

  return <div ref={element} className={className} style={{ width: '100%', height: 420, ...style }} />;
}
