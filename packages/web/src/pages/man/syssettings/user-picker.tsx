import type { Page, UserView } from '@sc/contract';
import { useQuery } from '@tanstack/react-query';
import { Select, Spin } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../../../api/client';

interface UserPickerProps {
  id?: string;
  value?: number;
  onChange?: (value: number) => void;
  disabled?: boolean;
}

/**
 * The site message administrator (a user id; 0: the built-in administrator): searched by name or account,
 * shown by name, stored as the id. The server checks that the user is an administrator (its message is
 * shown under the field on save).
 */
export function UserPicker({ id, value, onChange, disabled }: UserPickerProps) {
  const { t } = useTranslation();
  const labelOf = (user: UserView) =>
    t('syssettings.userLabel', { realName: user.realName || user.name, account: user.name, role: user.roleName });
  const [search, setSearch] = useState('');
  const [keyword, setKeyword] = useState('');
  useEffect(() => {
    const timer = setTimeout(() => setKeyword(search.trim()), 300);
    return () => clearTimeout(timer);
  }, [search]);

  const found = useQuery({
    queryKey: ['syssettings-users', keyword],
    queryFn: () =>
      api.get<Page<UserView>>(
        '/api/users.do/pages',
        { page: 1, pageSize: 20, ...(keyword ? { keyword } : {}) },
        { silent: true },
      ),
    enabled: !disabled,
  });
  // The chosen user, named even when the search does not list them.
  const chosen = useQuery({
    queryKey: ['syssettings-user', value],
    queryFn: () => api.get<UserView>(`/api/users.do/${value}`, undefined, { silent: true }),
    enabled: typeof value === 'number' && value > 0,
    retry: false,
  });

  const users = new Map<number, string>();
  if (chosen.data) users.set(chosen.data.id, labelOf(chosen.data));
  else if (typeof value === 'number' && value > 0 && chosen.isError)
    users.set(value, t('syssettings.userUnknown', { id: value }));
  for (const user of found.data?.list ?? []) users.set(user.id, labelOf(user));
  const options = [
    { value: 0, label: t('syssettings.builtinAdmin') },
    ...[...users].map(([userId, label]) => ({ value: userId, label })),
  ];

  return (
    <Select
      id={id}
      value={value}
      onChange={onChange}
      onSelect={() => setSearch('')}
      disabled={disabled}
      showSearch={{ filterOption: false, onSearch: setSearch, searchValue: search }}
      onBlur={() => setSearch('')}
      placeholder={t('syssettings.userSearch')}
      notFoundContent={found.isFetching ? <Spin size="small" /> : t('syssettings.userNotFound')}
      options={options}
      data-testid="site-message-admin-picker"
      popupMatchSelectWidth={false}
      style={{ width: '100%' }}
    />
  );
}
