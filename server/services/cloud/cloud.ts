/**
 * The cloud dashboard of the panel (specification §3, §4): the region's service is asked for this
 * panel's activation and subscription (the panel is its serial number to the cloud), the days left
 * are counted by the device clock, and the dashboard's address is drawn as a QR code on the device.
 * The vendor's cloud is not here: the development service plays it (server/tools/remote-service/
 * cloud.ts), reached through the Custom region.
 */
import type { z } from 'zod';
import type { cloudStatusSchema } from '../../../contract/api/cloud';
import { CLOUD_TIMEOUT_MS, cloudEndpointOf, countdownOf, daysUntil, type CloudSettings } from '../../../contract/rules/cloud';
import { ApiError } from '../../lib/api-error';
import { qrSvg } from '../../lib/qr-svg';
import { CloudFailure, cloudRequest, panelAnswerOf, type CloudPanelAnswer } from './client';

export type CloudStatus = z.output<typeof cloudStatusSchema>;

export interface CloudOptions {
  /** How long the device waits for the cloud's answer; tests shorten it. */
  timeoutMs: number;
}

export const DEFAULT_CLOUD_OPTIONS: CloudOptions = { timeoutMs: CLOUD_TIMEOUT_MS };

export interface CloudDeps {
  settings: () => CloudSettings;
  panelId: () => string;
  /** The device clock (server/lib/clock.ts). */
  now: () => number;
  options: CloudOptions;
}

export class CloudDashboardService {
  constructor(private readonly deps: CloudDeps) {}

  private base(): Pick<CloudStatus, 'region' | 'service' | 'panel_id' | 'checked_at'> {
    const s = this.deps.settings();
    const ep = cloudEndpointOf(s);
    return { region: s.region, service: `${ep.host}:${ep.port}`, panel_id: this.deps.panelId(), checked_at: new Date(this.deps.now()).toISOString() };
  }

  private path(action?: 'activate' | 'deactivate'): string {
    return `/cloud/v1/panels/${encodeURIComponent(this.deps.panelId())}${action ? `/${action}` : ''}`;
  }

  private async statusOf(answer: CloudPanelAnswer): Promise<CloudStatus> {
    const countdown = countdownOf(answer.subscription);
    const dashboardUrl = answer.activation === 'activated' ? answer.dashboard_url : null;
    return {
      ...this.base(),
      error: null,
      activation: answer.activation,
      subscription: answer.subscription,
      domain: answer.domain,
      dashboard_url: dashboardUrl,
      dashboard_qr: dashboardUrl ? `data:image/svg+xml;base64,${Buffer.from(await qrSvg(dashboardUrl)).toString('base64')}` : null,
      expires_at: answer.expires_at,
      suspends_at: answer.suspends_at,
      days_left: countdown ? daysUntil(answer[countdown], this.deps.now()) : null,
    };
  }

  /** The panel's state as the cloud tells it, or why it could not be read. */
  async status(): Promise<CloudStatus> {
    const endpoint = cloudEndpointOf(this.deps.settings());
    try {
      const reply = await cloudRequest(endpoint, 'GET', this.path(), undefined, this.deps.options.timeoutMs);
      return await this.statusOf(panelAnswerOf(reply));
    } catch (err) {
      if (!(err instanceof CloudFailure)) throw err;
      return {
        ...this.base(),
        error: err.code,
        activation: null,
        subscription: null,
        domain: null,
        dashboard_url: null,
        dashboard_qr: null,
        expires_at: null,
        suspends_at: null,
        days_left: null,
      };
    }
  }

  /** Activates or deactivates the panel; answers the new status. 409 when the cloud holds it so
   * already, or with the reason when the service cannot be reached (a refusal of the device, which
   * never answers 5xx: nothing failed on the panel itself). */
  async change(action: 'activate' | 'deactivate'): Promise<CloudStatus> {
    const settings = this.deps.settings();
    const endpoint = cloudEndpointOf(settings);
    let reply;
    try {
      reply = await cloudRequest(endpoint, 'POST', this.path(action), action === 'activate' ? { region: settings.region } : {}, this.deps.options.timeoutMs);
    } catch (err) {
      if (err instanceof CloudFailure) throw new ApiError(409, err.code, `The cloud service cannot be reached: ${err.message}`);
      throw err;
    }
    const refusal = (reply.body as { error?: unknown } | null)?.error;
    if (reply.status === 409 && refusal === 'already_activated') throw new ApiError(409, 'cloud_already_activated', 'This panel is already activated with the cloud');
    if (reply.status === 409 && refusal === 'not_activated') throw new ApiError(409, 'cloud_not_activated', 'This panel is not activated with the cloud');
    try {
      return await this.statusOf(panelAnswerOf(reply));
    } catch (err) {
      if (err instanceof CloudFailure) throw new ApiError(409, err.code, err.message);
      throw err;
    }
  }
}
