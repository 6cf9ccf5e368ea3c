import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { guardRawText } from '../../test/raw-guard';
import { renderWithApp } from '../../test/render';
import type { MtcApi } from './api';
import { PeripheralsForm } from './configs';

const STORED = {
  peripherals: [
    {
      index: 1,
      name: '电表',
      kind: 'meter',
      protocol: 'modbus',
      port: 1,
      stationAddress: 3,
      addressType: 'holding',
      transferType: 'float',
      registerStart: 100,
      registerCount: 2,
    },
  ],
};

guardRawText();

describe('cabinet peripherals', () => {
  it('shows every field of a stored peripheral, labelled, in one row', async () => {
    const m = { peripherals: async () => STORED, savePeripherals: async () => STORED } as unknown as MtcApi;
    renderWithApp(<PeripheralsForm projectId={1} id={7} m={m} editable />);
    const row = await screen.findByTestId('peripheral-0');
    expect((row.querySelector('input[aria-label="名称"]') as HTMLInputElement | null)?.value).toBe('电表');
    for (const label of ['序号', '站地址', '起始寄存器', '数量'])
      expect(row.querySelector(`[aria-label="${label}"]`), label).not.toBeNull();
    expect(row.querySelectorAll('.ant-select')).toHaveLength(5);
  });
});
