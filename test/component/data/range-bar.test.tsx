/**
 * The range fields of the Data screens: light fields showing the range until the user goes to one,
 * then MUI's pickers in their place (loaded then), with the focus where the user was and the picker
 * open when its button was pressed; the clear button clears without them.
 */
import { useState } from 'react';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { RangeBar, type TimeRange } from '../../../src/features/data/RangeBar';
import { renderScreen } from '../../support/render';

const FROM = new Date(2026, 10, 25, 10, 30, 0).getTime();
const TO = new Date(2026, 10, 25, 11, 45, 9).getTime();

/** A RangeBar that keeps what it is given, and says each change. */
function renderBar(initial: TimeRange) {
  const changes: Array<{ range: TimeRange; quick: unknown }> = [];
  function Bar() {
    const [range, setRange] = useState(initial);
    return (
      <RangeBar
        value={range}
        onChange={(next, quick) => {
          changes.push({ range: next, quick });
          setRange(next);
        }}
      />
    );
  }
  renderScreen(<Bar />);
  return changes;
}

const field = (name: 'From' | 'To') => screen.getByRole('group', { name });

describe('RangeBar', () => {
  it('shows each end in the edit format, its label and open button, without the pickers', () => {
    renderBar({ from: FROM, to: null });
    expect(within(field('From')).getByRole('textbox', { name: 'From' })).toHaveValue('2026-11-25 10:30:00');
    expect(within(field('From')).getByRole('button', { name: 'Choose date, selected date is Nov 25, 2026' })).toBeInTheDocument();
    expect(within(field('From')).getByTitle('Clear')).toBeInTheDocument();
    expect(within(field('To')).getByRole('textbox', { name: 'To' })).toHaveValue('');
    expect(within(field('To')).getByRole('button', { name: 'Choose date' })).toBeInTheDocument();
    expect(within(field('To')).queryByTitle('Clear')).toBeNull();
    expect(screen.queryAllByRole('spinbutton')).toHaveLength(0);
  });

  it('a quick range shows at once in the fields', async () => {
    const user = userEvent.setup();
    renderBar({ from: null, to: null });
    await user.click(screen.getByRole('button', { name: '1 h' }));
    const from = within(field('From')).getByRole('textbox');
    const to = within(field('To')).getByRole('textbox');
    expect(Date.parse((to as HTMLInputElement).value.replace(' ', 'T')) - Date.parse((from as HTMLInputElement).value.replace(' ', 'T'))).toBe(3600_000);
    expect(screen.queryAllByRole('spinbutton')).toHaveLength(0);
  });

  it('the clear button clears its end, as the picker does', async () => {
    const user = userEvent.setup();
    const changes = renderBar({ from: FROM, to: TO });
    await user.click(within(field('To')).getByTitle('Clear'));
    expect(changes).toEqual([{ range: { from: FROM, to: null }, quick: null }]);
    expect(within(field('To')).getByRole('textbox')).toHaveValue('');
  });

  it('tabbing into a field puts the picker in its place, its first section focused', async () => {
    const user = userEvent.setup();
    renderBar({ from: FROM, to: TO });
    act(() => screen.getByRole('button', { name: 'All' }).focus());
    await user.tab();
    await waitFor(() => expect(within(field('From')).getByRole('spinbutton', { name: 'Year' })).toHaveFocus());
    expect(within(field('From')).getByRole('spinbutton', { name: 'Year' })).toHaveTextContent('2026');
    // Both ends are pickers now, showing the same range.
    expect(within(field('To')).getByRole('spinbutton', { name: 'Seconds' })).toHaveTextContent('09');
    expect(within(field('To')).getByRole('button', { name: 'Choose date, selected date is Nov 25, 2026' })).toBeInTheDocument();
  });

  it('the open button loads the pickers and opens its picker', async () => {
    const user = userEvent.setup();
    renderBar({ from: FROM, to: null });
    await user.click(within(field('To')).getByRole('button', { name: 'Choose date' }));
    const picker = await screen.findByRole('dialog');
    await waitFor(() => expect(picker).toContainElement(document.activeElement as HTMLElement));
    expect(within(field('From')).getByRole('spinbutton', { name: 'Day' })).toHaveTextContent('25');
  });
});
