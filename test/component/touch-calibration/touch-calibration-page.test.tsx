/**
 * Features / Touch Calibration (specification §2): the feature-not-enabled notice and no Start when
 * the running project does not enable it; a calibration already running (started from another
 * console) is followed with its progress, the warning that the panel's screen is locked, and the
 * schematic's targets; a failed outcome offers Try again. Every fake answer is checked against the
 * contract.
 */
import { screen } from '@testing-library/react';
import TouchCalibrationPage from '../../../src/features/touch-calibration/TouchCalibrationPage';
import { renderScreen } from '../../support/render';
import { fakeDevice } from '../../support/fake-device';
import { storeSession } from '../../support/shell-device';
import type { TouchCalibrationStatus } from '../../../contract/api/touch-calibration';
import { SAMPLE_TOUCH_STATUSES as S } from '../../../machines/touch-calibration.qa';

function open(status: TouchCalibrationStatus) {
  storeSession('admin');
  fakeDevice({ 'GET /api/v1/touch-calibration/status': () => ({ body: status }) });
  renderScreen(<TouchCalibrationPage />);
}

afterEach(() => localStorage.clear());

describe('Touch Calibration', () => {
  it('says the feature is not enabled, and offers no Start, when the project does not enable it', async () => {
    open({ ...S.idle, project_enabled: false });
    expect(await screen.findByTestId('touch-not-enabled')).toHaveTextContent('The running project does not enable touch calibration');
    expect(screen.getByRole('heading', { level: 1, name: 'Touch Calibration' })).toBeInTheDocument();
    expect(screen.queryByTestId('touch-start')).not.toBeInTheDocument();
  });

  it('follows a calibration already running: progress, the locked screen, the targets done and next', async () => {
    open(S.calibrating);
    expect(await screen.findByTestId('touch-progress')).toHaveTextContent('3 of 5 targets');
    expect(screen.getByTestId('touch-screen-locked')).toHaveTextContent("The panel's screen cannot be used while it is being calibrated.");
    expect(screen.getByTestId('touch-target-2')).toHaveAttribute('data-state', 'done');
    expect(screen.getByTestId('touch-target-3')).toHaveAttribute('data-state', 'next');
    expect(screen.getByTestId('touch-target-4')).toHaveAttribute('data-state', 'waiting');
    expect(screen.getByTestId('touch-cancel')).toBeInTheDocument();
    expect(screen.queryByTestId('touch-start')).not.toBeInTheDocument();
  });

  it('a past outcome is history: the screen opens idle with Start and the calibration in use', async () => {
    open(S.done);
    expect(await screen.findByTestId('touch-start')).toBeInTheDocument();
    expect(screen.getByTestId('touch-phase')).toHaveTextContent('Not running');
    expect(screen.getByTestId('touch-stored')).toHaveTextContent('Calibrated on');
  });
});
