import { Suspense, lazy, useMemo, useState, type ReactNode } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Grid from '@mui/material/Grid';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { useActorRef, useSelector } from '@xstate/react';
import { useTranslation } from 'react-i18next';
import type { AnyMachineSnapshot, AnyStateMachine, EventObject } from 'xstate';
import { currentSnapshot, explorerMachine, pathEvents, type ExplorerProblem } from '../../../machines/explorer.machine';
import { enabledEvents } from '../../../machines/graph';
import type { MachineEntry, MachineRef } from '../../../machines/registry';
import { useAppDispatch } from '../../../store';
import { noticeShown } from '../../../store/app-slice';
import { useLiveActors, type LiveActor } from '../../app/live-actors';
import { eventLabel, safeJson, type Translate } from './event-labels';
import type { LayoutFn } from './layout-engine';
import { entryDescription, entryNamespaces, entryTitle } from './localized';
import { activeStateIds, stateValueText } from './statechart-graph';

export interface MachinesExplorerProps {
  /** The machines a tester may choose (the registry's lines: each entry loads when chosen). */
  entries: readonly MachineRef[];
  /** Lays out an ELK graph: the Web Worker in the browser, a synchronous fake in tests. */
  layout: LayoutFn;
  /** Called when a chart is about to be asked for (a finger, the pointer or the keyboard reaches
   * the lists): the page starts loading its layout engine then, not as it opens. */
  onLayoutIntent?: () => void;
}

const BUTTON = { minHeight: 44, textTransform: 'none', justifyContent: 'flex-start', textAlign: 'left' } as const;
const MONO = { fontFamily: 'ui-monospace, SFMono-Regular, Menlo, Consolas, monospace', fontSize: 13 } as const;

function Panel({ title, children, actions }: { title: string; children: ReactNode; actions?: ReactNode }) {
  return (
    <Paper variant="outlined" component="section" aria-label={title} sx={{ p: 2 }}>
      <Stack direction="row" sx={{ alignItems: 'center', flexWrap: 'wrap', gap: 1, mb: 1 }}>
        <Typography variant="subtitle1" component="h2" sx={{ fontWeight: 600, flexGrow: 1 }}>
          {title}
        </Typography>
        {actions}
      </Stack>
      {children}
    </Paper>
  );
}

/** The chart of a machine (./Chart.tsx): its layout code and view load with the first chart shown,
 * under the frame's Suspense, so the list of machines comes up without them. */
const Chart = lazy(() => import('./Chart'));

function ChartFrame({ children, overlay }: { children: ReactNode; overlay?: ReactNode }) {
  const { t } = useTranslation('machines');
  return (
    <Paper
      variant="outlined"
      sx={{ position: 'relative', height: { xs: 560, lg: 'calc(100vh - 250px)' }, minHeight: { lg: 480 }, overflow: 'hidden' }}
    >
      <Suspense
        fallback={
          <Stack sx={{ height: '100%', alignItems: 'center', justifyContent: 'center', gap: 1 }} role="status">
            <CircularProgress aria-hidden />
            <Typography color="text.secondary">{t('graph.loading')}</Typography>
          </Stack>
        }
      >
        {children}
      </Suspense>
      {overlay}
    </Paper>
  );
}

function JsonBlock({ value, label }: { value: unknown; label: string }) {
  return (
    <Box
      component="pre"
      tabIndex={0}
      aria-label={label}
      sx={{ ...MONO, m: 0, p: 1.5, maxHeight: 280, overflow: 'auto', bgcolor: 'action.hover', borderRadius: 1, whiteSpace: 'pre' }}
    >
      {safeJson(value)}
    </Box>
  );
}

function problemText(problem: ExplorerProblem, t: Translate): string | null {
  if (!problem) return null;
  if (problem.kind === 'unreachable') return t('problem.unreachable', { name: problem.stateId.split('.').pop() });
  if (problem.kind === 'loadFailed') return t('problem.load_failed', { message: problem.message });
  return t('problem.step_failed', { message: problem.message });
}

/** The live view's row of one running actor: its name and its state as it is now. */
function LiveRow({ live, title, chosen, onChoose }: { live: LiveActor; title: string; chosen: boolean; onChoose: () => void }) {
  const { t } = useTranslation('machines');
  const value = useSelector(live.actor, (s: AnyMachineSnapshot) => stateValueText(s.value));
  const status = useSelector(live.actor, (s: AnyMachineSnapshot) => s.status);
  return (
    <Button
      variant={chosen ? 'contained' : 'outlined'}
      aria-pressed={chosen}
      onClick={onChoose}
      sx={{ ...BUTTON, display: 'flex', flexDirection: 'column', alignItems: 'flex-start' }}
      data-testid={`live-${live.name}`}
    >
      <span>{title}</span>
      <Box component="span" sx={{ ...MONO, fontSize: 12, opacity: 0.85 }}>
        {status === 'active' ? t('live.state', { value }) : t('live.stopped', { value })}
      </Box>
    </Button>
  );
}

/** What the live view shows of the chosen running actor: its machine's chart with its current
 * state highlighted, and its context. Read-only. */
function LiveDetail({ live, layout, title }: { live: LiveActor; layout: LayoutFn; title: string }) {
  const { t } = useTranslation('machines');
  const snapshot = useSelector(live.actor, (s: AnyMachineSnapshot) => s);
  const machine = live.actor.logic as AnyStateMachine;
  return (
    <Grid container spacing={2}>
      <Grid size={{ xs: 12, lg: 8 }}>
        <ChartFrame>
          <Chart machine={machine} layout={layout} activeIds={activeStateIds(machine, snapshot.value)} label={t('graph.label', { name: title })} />
        </ChartFrame>
      </Grid>
      <Grid size={{ xs: 12, lg: 4 }}>
        <Stack spacing={2}>
          <Alert severity="info">{t('live.read_only')}</Alert>
          <Panel title={t('state.title')}>
            <Typography sx={MONO} data-testid="current-state">
              {stateValueText(snapshot.value)}
            </Typography>
          </Panel>
          <Panel title={t('context.title')}>
            <JsonBlock value={snapshot.context} label={t('context.title')} />
          </Panel>
        </Stack>
      </Grid>
    </Grid>
  );
}

/**
 * The QA state-machine explorer (docs/architecture.md#the-qa-explorer): choose a machine, see its
 * statechart, step it with its enabled events (pure: nothing runs, nothing reaches the device), go
 * back, reset, "go here" to any state, copy the path; or follow the console's running actors live.
 */
export function MachinesExplorer({ entries, layout, onLayoutIntent }: MachinesExplorerProps) {
  // The explorer's texts, and the QA namespaces of the areas whose machines it lists.
  const namespaces = useMemo(() => entryNamespaces(entries), [entries]);
  const { t } = useTranslation(namespaces);
  const tr = t as Translate;
  const dispatch = useAppDispatch();
  const explorer = useActorRef(explorerMachine, { input: { entries } });
  const state = useSelector(explorer, (s) => s);
  const live = useLiveActors();
  const [tab, setTab] = useState<'machines' | 'live'>('machines');
  const { context } = state;
  const send = explorer.send;

  const titleOfMachine = (machine: AnyStateMachine | undefined, fallback: string) => {
    const entry = machine ? entries.find((e) => e.id === machine.id) : undefined;
    return entry ? entryTitle(tr, entry) : fallback;
  };
  const liveTitle = (l: LiveActor) => titleOfMachine(l.actor.logic as AnyStateMachine, l.name);

  const snapshot = currentSnapshot(context);
  const entry = context.entry;
  const exploring = state.matches('exploring') && entry && context.machine;
  const loading = state.matches('loading');
  const watched = state.matches('watching') ? live.find((l) => l.name === context.liveName) : undefined;

  const copyPath = async () => {
    try {
      await navigator.clipboard.writeText(JSON.stringify(pathEvents(context)));
      dispatch(noticeShown({ key: 'machines:notice.copied', severity: 'success' }));
    } catch {
      dispatch(noticeShown({ key: 'machines:notice.copy_failed', severity: 'error' }));
    }
  };

  const problem = problemText(context.problem, tr);
  const selectedKey = context.selectedStateId?.split('.').pop() ?? null;

  return (
    <Stack spacing={2}>
      <Box>
        <Typography variant="h5" component="h1">
          {t('title')}
        </Typography>
        <Typography variant="body2" color="text.secondary">
          {t('intro')}
        </Typography>
      </Box>

      <Paper variant="outlined" onPointerDown={onLayoutIntent} onFocus={onLayoutIntent}>
        <Tabs value={tab} onChange={(_e, v: 'machines' | 'live') => setTab(v)} aria-label={t('tabs.label')}>
          <Tab value="machines" label={t('tabs.machines')} id="machines-tab" aria-controls="machines-tabpanel" sx={{ minHeight: 48 }} />
          <Tab value="live" label={t('tabs.live')} id="live-tab" aria-controls="live-tabpanel" sx={{ minHeight: 48 }} />
        </Tabs>
        {tab === 'machines' ? (
          <Box role="tabpanel" id="machines-tabpanel" aria-labelledby="machines-tab" sx={{ p: 2 }}>
            <Box role="list" aria-label={t('list.label')} sx={{ display: 'flex', flexWrap: 'wrap', gap: 1 }}>
              {entries.map((e) => (
                <Box role="listitem" key={e.id}>
                  <Button
                    variant={(entry?.id === e.id && exploring) || (loading && context.chosenId === e.id) ? 'contained' : 'outlined'}
                    aria-pressed={Boolean((entry?.id === e.id && exploring) || (loading && context.chosenId === e.id))}
                    onClick={() => send({ type: 'explorer.choose', id: e.id })}
                    sx={BUTTON}
                  >
                    {entryTitle(tr, e)}
                  </Button>
                </Box>
              ))}
            </Box>
          </Box>
        ) : (
          <Box role="tabpanel" id="live-tabpanel" aria-labelledby="live-tab" sx={{ p: 2 }}>
            <Typography variant="body2" color="text.secondary" sx={{ mb: 1.5 }}>
              {t('live.intro')}
            </Typography>
            {live.length === 0 ? (
              <Typography>{t('live.empty')}</Typography>
            ) : (
              <Box role="list" aria-label={t('live.label')} sx={{ display: 'flex', flexWrap: 'wrap', gap: 1 }}>
                {live.map((l) => (
                  <Box role="listitem" key={l.name}>
                    <LiveRow
                      live={l}
                      title={liveTitle(l)}
                      chosen={watched === l}
                      onChoose={() => send({ type: 'explorer.watch', name: l.name })}
                    />
                  </Box>
                ))}
              </Box>
            )}
          </Box>
        )}
      </Paper>

      {/* Below the tabs, what the open tab is about: the machine explored, or the actor watched
          (keyed by its name, so a chart never carries over from another machine or actor). */}
      {tab === 'machines' && loading ? (
        <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center' }} role="status">
          <CircularProgress size={24} />
          <Typography>{t('loading_machine')}</Typography>
        </Stack>
      ) : null}
      {tab === 'machines' && state.matches('loadFailed') ? (
        <Alert
          severity="error"
          action={
            <Button color="inherit" sx={{ minHeight: 44 }} onClick={() => send({ type: 'explorer.choose', id: context.chosenId! })}>
              {t('retry')}
            </Button>
          }
        >
          {problem}
        </Alert>
      ) : null}
      {tab === 'machines' && (state.matches('idle') || state.matches('watching')) ? <Alert severity="info">{t('choose_prompt')}</Alert> : null}

      {tab === 'live' && state.matches('watching') ? (
        watched ? (
          <LiveDetail key={watched.name} live={watched} layout={layout} title={liveTitle(watched)} />
        ) : (
          <Alert severity="info">{t('live.gone', { name: context.liveName })}</Alert>
        )
      ) : null}

      {tab === 'machines' && exploring ? (
        <Grid container spacing={2}>
          <Grid size={{ xs: 12, lg: 8 }}>
            <ChartFrame
              overlay={
                selectedKey ? (
                  <Paper
                    elevation={3}
                    sx={{ position: 'absolute', left: 8, bottom: 8, right: 64, p: 1, display: 'flex', flexWrap: 'wrap', gap: 1, alignItems: 'center' }}
                    role="region"
                    aria-label={t('selection.label')}
                  >
                    <Typography sx={{ flexGrow: 1, px: 1 }}>{t('selection.title', { name: selectedKey })}</Typography>
                    <Button variant="contained" sx={{ minHeight: 44 }} onClick={() => send({ type: 'explorer.goHere', stateId: context.selectedStateId! })}>
                      {t('selection.go_here')}
                    </Button>
                    <Button sx={{ minHeight: 44 }} onClick={() => send({ type: 'explorer.selectState', stateId: null })}>
                      {t('selection.clear')}
                    </Button>
                  </Paper>
                ) : null
              }
            >
              <Chart
                machine={entry.machine}
                layout={layout}
                activeIds={snapshot ? activeStateIds(entry.machine, snapshot.value) : new Set()}
                selectedId={context.selectedStateId}
                onSelectState={(id) => send({ type: 'explorer.selectState', stateId: id })}
                label={t('graph.label', { name: entryTitle(tr, entry) })}
              />
            </ChartFrame>
          </Grid>
          <Grid size={{ xs: 12, lg: 4 }}>
            <Stack spacing={2}>
              <Typography variant="body2" color="text.secondary" data-testid="machine-description">
                {entryDescription(tr, entry)}
              </Typography>
              {problem ? <Alert severity="warning">{problem}</Alert> : null}
              <Panel title={t('state.title')}>
                <Typography sx={{ ...MONO, fontSize: 15, fontWeight: 600 }} data-testid="current-state">
                  {snapshot ? stateValueText(snapshot.value) : ''}
                </Typography>
                {snapshot?.status === 'done' ? (
                  <Typography variant="body2" color="text.secondary">
                    {t('state.done')}
                  </Typography>
                ) : null}
                <Typography variant="subtitle2" component="h3" sx={{ mt: 2, mb: 1 }}>
                  {t('events.title')}
                </Typography>
                <EventButtons entry={entry} snapshot={snapshot} onSend={(event) => send({ type: 'explorer.send', event })} />
              </Panel>
              <Panel
                title={t('history.title')}
                actions={
                  <Stack direction="row" sx={{ gap: 1, flexWrap: 'wrap' }}>
                    <Button variant="outlined" sx={{ minHeight: 44 }} disabled={context.steps.length === 0} onClick={() => send({ type: 'explorer.back' })}>
                      {t('history.back')}
                    </Button>
                    <Button variant="outlined" sx={{ minHeight: 44 }} disabled={context.steps.length === 0} onClick={() => send({ type: 'explorer.reset' })}>
                      {t('history.reset')}
                    </Button>
                    <Button variant="outlined" sx={{ minHeight: 44 }} onClick={() => void copyPath()}>
                      {t('history.copy')}
                    </Button>
                  </Stack>
                }
              >
                <Typography sx={{ ...MONO, mb: 0.5 }}>
                  {t('history.initial', { state: context.initial ? stateValueText(context.initial.value) : '' })}
                </Typography>
                <Box component="ol" aria-label={t('history.steps')} sx={{ ...MONO, m: 0, pl: 4, maxHeight: 220, overflow: 'auto' }}>
                  {context.steps.map((s, i) => (
                    <li key={i}>
                      {eventLabel(s.event, tr)} → {stateValueText(s.snapshot.value)}
                    </li>
                  ))}
                </Box>
              </Panel>
              <Panel title={t('context.title')}>
                <JsonBlock value={snapshot?.context} label={t('context.title')} />
              </Panel>
            </Stack>
          </Grid>
        </Grid>
      ) : null}
    </Stack>
  );
}

/** The enabled events of the current snapshot, one button each. */
function EventButtons({ entry, snapshot, onSend }: { entry: MachineEntry; snapshot: AnyMachineSnapshot | null; onSend: (e: EventObject) => void }) {
  const { t } = useTranslation('machines');
  const events = snapshot ? enabledEvents(entry, snapshot) : [];
  if (events.length === 0) return <Typography color="text.secondary">{t('events.none')}</Typography>;
  return (
    <Box role="group" aria-label={t('events.title')} sx={{ display: 'flex', flexWrap: 'wrap', gap: 1 }}>
      {events.map((e) => {
        const label = eventLabel(e, t as Translate);
        // A payload can be long JSON with no place to break: the button keeps to its card and ends
        // the text with an ellipsis; the whole of it shows on hover, focus and long-press.
        return (
          <Tooltip key={JSON.stringify(e)} title={label} enterTouchDelay={500} leaveTouchDelay={4000} describeChild>
            <Button variant="outlined" size="small" sx={{ ...BUTTON, ...MONO, fontSize: 13, maxWidth: '100%', minWidth: 0 }} onClick={() => onSend(e)}>
              <Box component="span" sx={{ display: 'block', overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap', minWidth: 0 }}>
                {label}
              </Box>
            </Button>
          </Tooltip>
        );
      })}
    </Box>
  );
}

