/** The touch calibration on this screen: the touchCalibration machine, asking the device. */
import { fromPromise } from 'xstate';
import { useSelector } from '@xstate/react';
import { useAppDispatch } from '../../../store';
import { touchCalibrationApi } from '../../../store/api/touch-calibration-endpoints';
import type { TouchCalibrationStatus } from '../../../contract/api/touch-calibration';
import type { FailureCode } from '../../../contract/failure';
import { touchCalibrationMachine, type TouchCalibrationTag } from '../../../machines/touch-calibration.machine';
import { useMachineActor } from '../../app/use-machine-actor';

export type TouchPhase = Exclude<TouchCalibrationTag, 'error' | 'busy'>;
const PHASES: readonly TouchPhase[] = ['loading', 'idle', 'confirm', 'starting', 'calibrating', 'confirm_cancel', 'cancelling', 'done', 'failed', 'timed_out', 'cancelled'];

export interface TouchCalibrationView {
  phase: TouchPhase;
  busy: boolean;
  /** A request failed and waits for Retry (its code in `error`). */
  failed: boolean;
  status: TouchCalibrationStatus | null;
  error: FailureCode | null;
  start(): void;
  confirm(): void;
  dismiss(): void;
  cancel(): void;
  keep(): void;
  retry(): void;
}

export function useTouchCalibration(): TouchCalibrationView {
  const dispatch = useAppDispatch();
  const actor = useMachineActor(touchCalibrationMachine, {
    actors: {
      fetchStatus: fromPromise<TouchCalibrationStatus>(async () => {
        await dispatch(touchCalibrationApi.util.getRunningQueryThunk('touchCalibrationStatus', undefined));
        const status = await dispatch(touchCalibrationApi.endpoints.touchCalibrationStatus.initiate(undefined, { forceRefetch: true, subscribe: false })).unwrap();
        if (!status) throw new Error('The status request did not run');
        return status;
      }),
      start: fromPromise<TouchCalibrationStatus>(() => dispatch(touchCalibrationApi.endpoints.startTouchCalibration.initiate(undefined)).unwrap()),
      cancel: fromPromise<TouchCalibrationStatus>(() => dispatch(touchCalibrationApi.endpoints.cancelTouchCalibration.initiate(undefined)).unwrap()),
    },
  });
  const phase = useSelector(actor, (s) => PHASES.find((tag) => s.hasTag(tag)) ?? 'loading');
  const busy = useSelector(actor, (s) => s.hasTag('busy'));
  const failed = useSelector(actor, (s) => s.hasTag('error'));
  const status = useSelector(actor, (s) => s.context.status);
  const error = useSelector(actor, (s) => s.context.error);
  const send = (type: 'touch.start' | 'touch.confirm' | 'touch.dismiss' | 'touch.cancel' | 'touch.keep' | 'touch.retry') => () => actor.send({ type });
  return {
    phase,
    busy,
    failed,
    status,
    error,
    start: send('touch.start'),
    confirm: send('touch.confirm'),
    dismiss: send('touch.dismiss'),
    cancel: send('touch.cancel'),
    keep: send('touch.keep'),
    retry: send('touch.retry'),
  };
}
