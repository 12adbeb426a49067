import { defineArea } from '../area';

/** The Data menu group: what the panel recorded (data logs and trends, alarms, the operation log)
 * and its backup. The trend screen's charts and date pickers load with its own chunk only. Backup
 * Data reads no answer it needs to show itself (whether a USB stick or SD card is in only tells
 * which buttons may work). */
export const dataArea = defineArea({
  name: 'data',
  textNamespace: 'data',
  screens: [
    { menu: 'data_log', slug: 'datalog', reads: ['data.logs'], load: () => import(/* webpackChunkName: "data-trend" */ './DataLogPage') },
    { menu: 'event_log', slug: 'event-log', reads: ['data.events'], load: () => import(/* webpackChunkName: "data-event-log" */ './EventLogPage') },
    { menu: 'operation_log', slug: 'operation-log', reads: ['data.operations', 'data.getRetention'], load: () => import(/* webpackChunkName: "data-operation-log" */ './OperationLogPage') },
    { menu: 'backup_data', slug: 'backup', load: () => import(/* webpackChunkName: "data-backup" */ './BackupDataPage') },
  ],
});
