import { use } from 'react';
import Alert from '@mui/material/Alert';
import { useTranslation } from 'react-i18next';
import type { AnyStateMachine } from 'xstate';
import { loadChart } from './chart-loader';
import type { Translate } from './event-labels';
import type { LayoutFn } from './layout-engine';
import { StatechartView } from './StatechartView';

/** The chart of `machine` with `activeIds` highlighted, laid out by `layout` (Suspense while it runs). */
export default function Chart(props: {
  machine: AnyStateMachine;
  layout: LayoutFn;
  activeIds: ReadonlySet<string>;
  selectedId?: string | null;
  onSelectState?: (id: string) => void;
  label: string;
}) {
  const { t, i18n } = useTranslation('machines');
  const loaded = use(loadChart(props.machine, i18n.language, t as Translate, props.layout));
  if (!loaded.drawn) return <Alert severity="error">{t('graph.failed', { message: loaded.error })}</Alert>;
  return (
    <StatechartView
      key={props.machine.id}
      drawn={loaded.drawn}
      activeIds={props.activeIds}
      selectedId={props.selectedId}
      onSelectState={props.onSelectState}
      label={props.label}
    />
  );
}

