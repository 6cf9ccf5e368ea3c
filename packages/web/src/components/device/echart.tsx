import { LineChart } from 'echarts/charts';
import { DataZoomComponent, GridComponent, LegendComponent, TooltipComponent } from 'echarts/components';
import * as echarts from 'echarts/core';
import { CanvasRenderer } from 'echarts/renderers';
import { type CSSProperties, useEffect, useRef } from 'react';
import { useLang } from '../../i18n/i18n';

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
  const shown = useRef<EChartOption | null>(null);
  // ECharts words its time axis ("11月" / "Nov") by its own locale, otherwise taken from the browser.
  const locale = useLang() === 'en_US' ? 'EN' : 'ZH';

  useEffect(() => {
    const el = element.current;
    if (!el) return;
    const instance = echarts.init(el, undefined, { locale });
    chart.current = instance;
    // A chart made again for another language starts from the option it showed.
    if (shown.current) instance.setOption(shown.current, { notMerge: true });
    const observer = new ResizeObserver(() => instance.resize());
    observer.observe(el);
    return () => {
      observer.disconnect();
      instance.dispose();
      chart.current = null;
    };
  }, [locale]);

  useEffect(() => {
    // Replace, not merge: series removed from the option must leave the chart.
    shown.current = option;
    chart.current?.setOption(option, { notMerge: true });
  }, [option]);

  return <div ref={element} className={className} style={{ width: '100%', height: 420, ...style }} />;
}
