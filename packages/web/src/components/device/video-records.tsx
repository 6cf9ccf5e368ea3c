import { VIDEO_RECORD_TYPES, type VideoRecordType } from '@sc/contract/families/kit';
import { DatePicker, Select, Tag } from 'antd';
import type { Dayjs } from 'dayjs';
import { useTranslation } from 'react-i18next';
import { TIME_FORMAT } from '../time';

/** The record types' tag colours: continuous plain, motion blue, alarm red, an operator's green. */
const TYPE_COLORS: Record<VideoRecordType, string> = {
  normal: 'default',
  event: 'blue',
  warning: 'red',
  manual: 'green',
};

/** A record file's size in MB or GB. */
export const recordSizeText = (bytes: number) =>
  bytes >= 1024 ** 3 ? `${(bytes / 1024 ** 3).toFixed(2)} GB` : `${(bytes / 1024 ** 2).toFixed(1)} MB`;

/** A record's type as a tag in the family's words (`<ns>.recordTypes.<type>`). */
export function RecordTypeTag({ ns, type }: { ns: string; type: VideoRecordType }) {
  const { t } = useTranslation();
  return (
    <Tag color={TYPE_COLORS[type]} data-record-type={type}>
      {t(`${ns}.recordTypes.${type}`)}
    </Tag>
  );
}

/**
 * What a record search asks (recorders' files, a camera's own recordings): the period, whole minutes,
 * never empty, and a type or all (`<ns>.records.period`, `.type`, `.allTypes`).
 */
export function RecordSearchFields({
  ns,
  testId,
  range,
  onRange,
  type,
  onType,
}: {
  ns: string;
  /** Test ids `<testId>-period` and `<testId>-type`. */
  testId: string;
  range: [Dayjs, Dayjs];
  onRange: (range: [Dayjs, Dayjs]) => void;
  type: VideoRecordType | undefined;
  onType: (type: VideoRecordType | undefined) => void;
}) {
  const { t } = useTranslation();
  return (
    <>
      <DatePicker.RangePicker
        showTime
        format={TIME_FORMAT}
        value={range}
        allowClear={false}
        aria-label={t(`${ns}.records.period`)}
        data-testid={`${testId}-period`}
        onChange={(values) => {
          if (values?.[0] && values[1]) onRange([values[0], values[1]]);
        }}
      />
      <Select<VideoRecordType>
        aria-label={t(`${ns}.records.type`)}
        data-testid={`${testId}-type`}
        allowClear
        placeholder={t(`${ns}.records.allTypes`)}
        style={{ width: 130 }}
        value={type}
        onChange={onType}
        options={VIDEO_RECORD_TYPES.map((v) => ({ value: v, label: t(`${ns}.recordTypes.${v}`) }))}
      />
    </>
  );
}
