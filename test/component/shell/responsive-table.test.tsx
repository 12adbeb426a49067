/**
 * The one way every list of the console is shown (issue 20, item 2): a table where its box is wide
 * enough, else a card per row with its title, every fact labelled and its actions as buttons, so
 * that no list scrolls sideways on a tablet to reach its actions. The choice follows the box (a
 * tablet turned, the sidebar opened), and a table that turns out wider than its box gives way.
 */
import { act, render, screen, within } from '@testing-library/react';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import { ThemeProvider } from '@mui/material/styles';
import { ResponsiveTable, type ListColumn } from '../../../src/components/ResponsiveTable';
import { theme } from '../../../src/theme/theme';
import { setViewportWidth } from '../../support/render';

interface Alarm {
  id: number;
  name: string;
  severity: string;
  tag: string;
  value: number | null;
}

const ALARMS: Alarm[] = [
  { id: 1, name: 'High pressure', severity: 'High', tag: 'Boiler_Pressure', value: 12.5 },
  { id: 2, name: 'Door open', severity: 'Low', tag: 'Door_Closed', value: null },
];

const COLUMNS: ListColumn<Alarm>[] = [
  { key: 'name', header: 'Alarm', rowHeader: true, card: 'title', cell: (a) => a.name },
  { key: 'severity', header: 'Severity', card: 'aside', cell: (a) => <Chip label={a.severity} /> },
  { key: 'tag', header: 'Tag', cell: (a) => a.tag },
  { key: 'value', header: 'Value', align: 'right', cell: (a) => (a.value === null ? null : String(a.value)) },
  { key: 'actions', header: 'Actions', headerHidden: true, card: 'actions', cell: (a) => <Button>{`Acknowledge ${a.name}`}</Button> },
];

/** jsdom lays nothing out: every box is `box` px wide, a table `table` px (0: as wide as its box),
 * and the ResizeObservers are called by hand. */
const layout = { box: 0, table: 0 };
let observers: Array<() => void> = [];
const descriptors = {
  clientWidth: Object.getOwnPropertyDescriptor(Element.prototype, 'clientWidth')!,
  scrollWidth: Object.getOwnPropertyDescriptor(Element.prototype, 'scrollWidth')!,
};

beforeEach(() => {
  Object.defineProperty(Element.prototype, 'clientWidth', { configurable: true, get: () => layout.box });
  Object.defineProperty(Element.prototype, 'scrollWidth', {
    configurable: true,
    get(this: Element) {
      return this.tagName === 'TABLE' ? layout.table || layout.box : layout.box;
    },
  });
  (globalThis as { ResizeObserver?: unknown }).ResizeObserver = class {
    private readonly callback: () => void;
    constructor(callback: () => void) {
      this.callback = () => callback();
    }
    observe() {
      observers.push(this.callback);
    }
    disconnect() {
      observers = observers.filter((o) => o !== this.callback);
    }
  };
});

afterEach(() => {
  Object.defineProperty(Element.prototype, 'clientWidth', descriptors.clientWidth);
  Object.defineProperty(Element.prototype, 'scrollWidth', descriptors.scrollWidth);
  delete (globalThis as { ResizeObserver?: unknown }).ResizeObserver;
  observers = [];
  layout.box = 0;
  layout.table = 0;
});

function renderList(maxHeight?: number) {
  return render(
    <ThemeProvider theme={theme}>
      <ResponsiveTable rows={ALARMS} rowKey={(a) => a.id} rowTestId={(a) => `alarm-${a.id}`} columns={COLUMNS} tableMinWidth={880} label="Alarms" maxHeight={maxHeight} />
    </ThemeProvider>,
  );
}

function resize(box: number, table = 0) {
  layout.box = box;
  layout.table = table;
  act(() => observers.forEach((o) => o()));
}

function expectTable() {
  const table = screen.getByRole('table', { name: 'Alarms' });
  expect(within(table).getAllByRole('rowheader').map((h) => h.textContent)).toEqual(['High pressure', 'Door open']);
  expect(within(screen.getByRole('row', { name: /High pressure/ })).getByRole('button', { name: 'Acknowledge High pressure' })).toBeInTheDocument();
  expect(screen.queryByRole('region')).not.toBeInTheDocument();
}

function expectCards() {
  expect(screen.queryByRole('table')).not.toBeInTheDocument();
  const list = screen.getByRole('list', { name: 'Alarms' });
  expect(within(list).getAllByRole('listitem')).toHaveLength(2);
  const card = screen.getByRole('region', { name: 'High pressure' });
  expect(within(card).getByRole('heading', { level: 3, name: 'High pressure' })).toBeInTheDocument();
  expect(within(card).getByText('High')).toBeInTheDocument();
  const facts = Object.fromEntries(within(card).getAllByRole('term').map((dt) => [dt.textContent, dt.nextElementSibling?.textContent]));
  expect(facts).toEqual({ Tag: 'Boiler_Pressure', Value: '12.5' });
  expect(within(card).getByRole('button', { name: 'Acknowledge High pressure' })).toBeInTheDocument();
  // A fact with nothing to say is left out, not shown empty.
  expect(within(screen.getByRole('region', { name: 'Door open' })).getAllByRole('term').map((dt) => dt.textContent)).toEqual(['Tag']);
  expect(screen.getByTestId('alarm-2')).toBe(screen.getByRole('region', { name: 'Door open' }));
}

describe('ResponsiveTable', () => {
  it('is a table in a box wide enough for it', () => {
    layout.box = 1000;
    renderList();
    expectTable();
  });

  it('is a tab stop named as its table when it scrolls within a height, so a keyboard can scroll it (axe: scrollable-region-focusable)', () => {
    layout.box = 1000;
    renderList(520);
    const region = screen.getByRole('region', { name: 'Alarms' });
    expect(region).toHaveAttribute('tabindex', '0');
    expect(within(region).getByRole('table', { name: 'Alarms' })).toBeInTheDocument();
  });

  it('is a card per row, title, labelled facts and actions, in a narrower box (a tablet)', () => {
    layout.box = 702;
    renderList();
    expectCards();
  });

  it('follows its box: a tablet turned, a window narrowed and widened', () => {
    layout.box = 1000;
    renderList();
    expectTable();
    resize(702);
    expectCards();
    resize(1000);
    expectTable();
  });

  it('gives way to cards when the table turns out wider than its box, until the box is as wide', () => {
    layout.box = 950;
    layout.table = 1100;
    renderList();
    expectCards();
    resize(1000);
    expectCards();
    resize(1200);
    expectTable();
  });

  it('where nothing is laid out, estimates from the window: cards on a tablet, a table on a desktop', () => {
    delete (globalThis as { ResizeObserver?: unknown }).ResizeObserver;
    setViewportWidth(768);
    const { unmount } = renderList();
    expectCards();
    unmount();
    setViewportWidth(1280);
    renderList();
    expectTable();
  });
});
