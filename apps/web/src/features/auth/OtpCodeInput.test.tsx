import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { OtpCodeInput } from './OtpCodeInput';

function Harness({ onComplete, initial = '' }: { onComplete?: (value: string) => void; initial?: string }) {
  const [value, setValue] = useState(initial);
  return (
    <>
      <OtpCodeInput value={value} onChange={setValue} onComplete={onComplete} />
      <output data-testid="value">{value}</output>
    </>
  );
}

const box = (n: number) => screen.getByRole('textbox', { name: `หลักที่ ${n}` });
const value = () => screen.getByTestId('value').textContent;

describe('OtpCodeInput (spec section 5)', () => {
  it('has six boxes labelled by position, each with the one-time-code autocomplete hint', () => {
    render(<Harness />);
    const boxes = screen.getAllByRole('textbox');
    expect(boxes).toHaveLength(6);
    boxes.forEach((input, i) => {
      expect(input).toHaveAccessibleName(`หลักที่ ${i + 1}`);
      expect(input).toHaveAttribute('autocomplete', 'one-time-code');
      expect(input).toHaveAttribute('inputmode', 'numeric');
    });
    expect(screen.getByRole('group', { name: 'รหัส OTP 6 หลัก' })).toBeInTheDocument();
  });

  it('moves focus to the next box as each digit is typed', async () => {
    const user = userEvent.setup();
    render(<Harness />);
    await user.click(box(1));
    await user.keyboard('1');
    expect(box(2)).toHaveFocus();
    await user.keyboard('2');
    expect(box(3)).toHaveFocus();
    expect(value()).toBe('12');
    expect(box(1)).toHaveValue('1');
    expect(box(2)).toHaveValue('2');
  });

  it('blanks a character that is not a digit and stays on the box', async () => {
    const user = userEvent.setup();
    render(<Harness />);
    await user.click(box(1));
    await user.keyboard('a');
    expect(box(1)).toHaveValue('');
    expect(value()).toBe('');
    expect(box(1)).toHaveFocus();
    await user.keyboard('7');
    expect(value()).toBe('7');
  });

  it('truncates a paste to six characters, fills the boxes and fires completion', async () => {
    const user = userEvent.setup();
    const onComplete = vi.fn();
    render(<Harness onComplete={onComplete} />);
    await user.click(box(1));
    await user.paste('12345678');
    expect(value()).toBe('123456');
    expect(box(6)).toHaveValue('6');
    expect(onComplete).toHaveBeenCalledWith('123456');
  });

  it('pastes from the first empty box', async () => {
    const user = userEvent.setup();
    render(<Harness />);
    await user.click(box(1));
    await user.keyboard('12');
    await user.click(box(5));
    await user.paste('3456');
    expect(value()).toBe('123456');
  });

  it('drops non-digits from a paste', async () => {
    const user = userEvent.setup();
    render(<Harness />);
    await user.click(box(1));
    await user.paste('1x');
    expect(box(1)).toHaveValue('1');
    expect(box(2)).toHaveValue('');
    expect(value()).toBe('1');
  });

  it('moves back with Backspace on an empty box', async () => {
    const user = userEvent.setup();
    render(<Harness />);
    await user.click(box(1));
    await user.keyboard('12');
    expect(box(3)).toHaveFocus();
    await user.keyboard('{Backspace}');
    expect(box(2)).toHaveFocus();
    expect(value()).toBe('12');
  });

  it('Backspace on a filled box clears it', async () => {
    const user = userEvent.setup();
    render(<Harness initial="123" />);
    await user.click(box(3));
    await user.keyboard('{Backspace}');
    expect(value()).toBe('12');
  });

  it('moves between boxes with ArrowLeft, ArrowRight, Home and End', async () => {
    const user = userEvent.setup();
    render(<Harness initial="123456" />);
    await user.click(box(3));
    await user.keyboard('{ArrowRight}');
    expect(box(4)).toHaveFocus();
    await user.keyboard('{ArrowLeft}{ArrowLeft}');
    expect(box(2)).toHaveFocus();
    await user.keyboard('{End}');
    expect(box(6)).toHaveFocus();
    await user.keyboard('{Home}');
    expect(box(1)).toHaveFocus();
    expect(value()).toBe('123456');
  });

  it('fires the completion callback once the last digit is typed, not before', async () => {
    const user = userEvent.setup();
    const onComplete = vi.fn();
    render(<Harness onComplete={onComplete} />);
    await user.click(box(1));
    await user.keyboard('12345');
    expect(onComplete).not.toHaveBeenCalled();
    await user.keyboard('6');
    expect(onComplete).toHaveBeenCalledTimes(1);
    expect(onComplete).toHaveBeenCalledWith('123456');
  });
});
