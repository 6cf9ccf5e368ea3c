import { PlayCircleOutlined } from '@ant-design/icons';
import type { PeriodError, VideoRecordType } from '@sc/contract/families/kit';
import { Button, type TableColumnType } from 'antd';
import type { Dayjs } from 'dayjs';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { RecordSearchBar, RecordSearchFields } from '../../components/device';
import { fromPickerValue } from '../../components/time';

/**
 * The form of a search of video records by period and type (a camera's recordings, a recorder's files):
 * the period it opens on, the type chosen or all, and the words of the last refusal. `period()` is the
 * period chosen when the family's rule (`periodError`, the contract's) accepts it, else null with the
 * rule's words shown; `refuse` shows the family's own reason not to search.
 */
export function useRecordSearch(initial: () => [Dayjs, Dayjs], periodError: (from: Date, to: Date) => PeriodError) {
  const { t } = useTranslation();
  const [range, setRange] = useState<[Dayjs, Dayjs]>(initial);
  const [type, setType] = useState<VideoRecordType | undefined>();
  const [invalid, setInvalid] = useState<string | null>(null);
  const period = () => {
    const from = fromPickerValue(range[0]);
    const to = fromPickerValue(range[1]);
    const wrong = periodError(new Date(from), new Date(to));
    setInvalid(wrong ? t(wrong.key, wrong.params) : null);
    return wrong ? null : { from, to };
  };
  return { range, setRange, type, setType, invalid, refuse: setInvalid, period };
}

/**
 * A record search's bar: the family's fields `before` and `after` the period and type, the search
 * button (`<ns>.records.search`), the refusal and the search's error; test ids `<testId>-…`.
 */
export function RecordSearch(props: {
  ns: string;
  testId: string;
  form: ReturnType<typeof useRecordSearch>;
  search: { isPending: boolean; error: unknown };
  onSearch: () => void;
  before?: ReactNode;
  after?: ReactNode;
  note?: ReactNode;
}) {
  const { ns, testId, form, search } = props;
  const { t } = useTranslation();
  return (
    <RecordSearchBar
      testId={testId}
      fields={
        <>
          {props.before}
          <RecordSearchFields
            ns={ns}
            testId={testId}
            range={form.range}
            onRange={form.setRange}
            type={form.type}
            onType={form.setType}
          />
          {props.after}
        </>
      }
      searchText={t(`${ns}.records.search`)}
      searching={search.isPending}
      onSearch={props.onSearch}
      note={props.note}
      invalid={form.invalid}
      error={search.error}
    />
  );
}

/**
 * A record list's play column (under the common "actions" title): a small button labelled `label` on each
 * record, primary on the one `playing` says is playing, calling `play` with its record.
 */
export function usePlayColumn<R>(
  label: string,
  testId: string,
  playing: (record: R) => boolean,
  play: (record: R) => void,
): TableColumnType<R> {
  const { t } = useTranslation();
  return {
    title: t('common.actions'),
    key: 'play',
    width: 90,
    render: (_, record) => (
      <Button
        size="small"
        type={playing(record) ? 'primary' : 'default'}
        icon={<PlayCircleOutlined />}
        data-testid={testId}
        onClick={() => play(record)}
      >
        {label}
      </Button>
    ),
  };
}
