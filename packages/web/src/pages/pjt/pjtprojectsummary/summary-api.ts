import type { LayoutUnit, Page, ProjectSummary, SummaryLayoutBody, SummaryLayoutView } from '@sc/contract';
import { api } from '../../../api/client';
import { projectApiBase } from '../../../session/use-current-project';

/** The calls of the summary and its layouts (spec 001 §7 summary.do, summarylayouts.do). */
export const summaryKeys = {
  summary: (projectId: number) => ['pjt', projectId, 'summary'] as const,
  layouts: (projectId: number) => ['pjt', projectId, 'summarylayouts'] as const,
};

/** What the layout editor sends: the units as JSON text in the form. */
export type LayoutForm = Omit<SummaryLayoutBody, 'units' | 'isDefault'> & { isDefault: boolean; units: LayoutUnit[] };

export function summaryApi(projectId: number) {
  const base = `${projectApiBase(projectId)}/summarylayouts.do`;
  const body = (form: LayoutForm) => ({
    name: form.name,
    no: form.no,
    grid: form.grid,
    isDefault: form.isDefault,
    ...(form.priority === undefined ? {} : { priority: form.priority }),
    units: JSON.stringify(form.units),
  });
  return {
    layoutsBase: base,
    summary: () => api.get<ProjectSummary>(`${projectApiBase(projectId)}/summary.do`),
    layouts: (query: { page: number; pageSize: number; keyword?: string }) =>
      api.get<Page<SummaryLayoutView>>(`${base}/pages`, query),
    create: (form: LayoutForm) => api.post<SummaryLayoutView>(base, body(form)),
    update: (id: number, form: LayoutForm) => api.put<SummaryLayoutView>(`${base}/${id}`, body(form)),
    priority: (id: number, priority: number) => api.put<SummaryLayoutView>(`${base}/${id}/priority`, { priority }),
  };
}
