import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';

const BILL_COLOURS: Record<number, string> = { 0: 'processing', 10: 'success', [-10]: 'default' };
const DETAIL_COLOURS: Record<number, string> = { 0: 'warning', 1: 'success', [-1]: 'default' };
const POLE_COLOURS: Record<string, string> = { process: 'processing', finished: 'success', denied: 'default' };

/** A work order's status (spec 001 §4): editing, approved, canceled. */
export function BillStatusTag({ status }: { status: number }) {
  const { t } = useTranslation();
  return <Tag color={BILL_COLOURS[status]}>{t(`maintenance.status_${status}`)}</Tag>;
}

/** A device line's handle status: pending, completed, abandoned. */
export function DetailStatusTag({ status }: { status: number }) {
  const { t } = useTranslation();
  return <Tag color={DETAIL_COLOURS[status]}>{t(`maintenance.handle_${status}`)}</Tag>;
}

/** A pole's progress in one order: in process, finished, denied. */
export function PoleStateTag({ state }: { state: string }) {
  const { t } = useTranslation();
  return <Tag color={POLE_COLOURS[state]}>{t(`maintenance.pole_${state}`)}</Tag>;
}
