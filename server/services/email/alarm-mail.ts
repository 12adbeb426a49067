/** The mail an alarm sends when it rises or clears (written by the device, in English: the
 * recipients' language is not known). */
import type { AlarmTransition } from '../alarms';
import { oneLine } from './smtp';

export function alarmMail(t: AlarmTransition, hmiName: string): { subject: string; text: string } {
  const a = t.alarm;
  const what = t.kind === 'raised' ? 'raised' : 'cleared';
  return {
    subject: oneLine(`[${hmiName}] Alarm ${what}: ${a.name}`).slice(0, 200),
    text: [
      `Alarm ${what} on ${hmiName}.`,
      '',
      `Alarm: ${a.name}`,
      `Severity: ${a.severity}`,
      `Message: ${a.message}`,
      `Tag: ${a.tag} = ${t.value ?? '-'}`,
      `Time: ${new Date(t.at).toISOString()}`,
      '',
    ].join('\n'),
  };
}
