import { SEARCH_WORD_LIMIT } from '@sc/contract';
import { App, Input } from 'antd';
import { useTranslation } from 'react-i18next';

/** Up to `limit` space-separated search words (spec 000 §5 "Search words: limit 5"). */
export function SearchBar({ limit = SEARCH_WORD_LIMIT, onSearch }: { limit?: number; onSearch: (kw: string) => void }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  return (
    <Input.Search
      allowClear
      aria-label={t('common.search')}
      placeholder={t('crud.searchPlaceholder', { limit })}
      enterButton={t('common.search')}
      style={{ maxWidth: 420 }}
      onSearch={(value) => {
        const words = value.trim().split(/\s+/).filter(Boolean);
        if (words.length > limit) message.warning(t('crud.searchLimit', { count: limit }));
        onSearch(words.slice(0, limit).join(' '));
      }}
    />
  );
}
