import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { changeLanguage } from '../i18n';
import { renderWithProviders } from '../test/render';
import { DateSelectField } from './DateSelectField';

function renderField(value = '') {
  const onChange = vi.fn<(value: string) => void>();
  renderWithProviders(
    <DateSelectField label="Date of birth" value={value} onChange={onChange} fromYear={1900} toYear={2026} />,
  );
  return { onChange };
}

describe('DateSelectField', () => {
  afterEach(async () => {
    await changeLanguage('th');
  });

  it('offers Buddhist Era years in Thai', async () => {
    const user = userEvent.setup();
    const { onChange } = renderField();
    const year = screen.getByRole('combobox', { name: 'ปี พ.ศ.' });
    expect(year).toHaveTextContent('2533');
    await user.selectOptions(screen.getByRole('combobox', { name: 'วัน' }), '12');
    await user.selectOptions(screen.getByRole('combobox', { name: 'เดือน' }), 'มีนาคม');
    await user.selectOptions(year, '2533');
    expect(onChange).toHaveBeenLastCalledWith('1990-03-12');
  });

  it('offers Common Era years in English, and shows a stored date in them', async () => {
    await changeLanguage('en');
    const user = userEvent.setup();
    const { onChange } = renderField();
    const year = screen.getByRole('combobox', { name: 'Year' });
    expect(year).toHaveTextContent('1990');
    expect(year).not.toHaveTextContent('2533');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Day' }), '12');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Month' }), 'March');
    await user.selectOptions(year, '1990');
    expect(onChange).toHaveBeenLastCalledWith('1990-03-12');
  });

  it('shows a stored date in the reader’s calendar', async () => {
    await changeLanguage('en');
    renderField('1988-04-12');
    expect(screen.getByRole('combobox', { name: 'Year' })).toHaveDisplayValue('1988');
  });
});
