import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { PARAMETER_NUMBERS } from '@gearwatch/contracts';
import type { ProductionViewsRepository } from '../production-views/views-repository.ts';
import { DEMO_FACTORY } from './demo-data.ts';

export interface DemoProductionNames {
  companyId: (name: string) => number;
  deviceId: (companyId: number, name: string) => number;
  userId: (username: string) => number;
}

/** The demo company's logo for its shop-floor screen (a 240×96 PNG: the wizard takes png or jpeg only). */
const LOGO_FILE = path.join(import.meta.dirname, 'assets', 'demo-factory-logo.png');

/**
 * One production view in the demo company, so a new user finds a live shop-floor screen at once: the two assembly
 * machines that run all three shifts (so the screen moves at any hour on a weekday), counted per shift. The goals are
 * a little under what the simulator's cycle times give in a good shift, so a normal shift is green and a slow one not.
 */
export async function seedDemoProductionView(repo: ProductionViewsRepository, names: DemoProductionNames): Promise<void> {
  const companyId = names.companyId(DEMO_FACTORY);
  const device = (name: string) => names.deviceId(companyId, name);
  await repo.insert(companyId, names.userId('demo'), {
    name: 'Assembly line — pieces per shift',
    viewType: 'columns',
    // The shift changes of Demo Factory (06, 14, 22): each shift starts from zero.
    resetHours: [6, 14, 22],
    logo: { bytes: await readFile(LOGO_FILE), type: 'image/png' },
    lines: [
      { label: 'Moulder 4', deviceId: device('Injection Moulder 4'), parameter: PARAMETER_NUMBERS.counter, goal: 650 },
      { label: 'Welding robot 8', deviceId: device('Welding Robot 8'), parameter: PARAMETER_NUMBERS.counter, goal: 140 },
    ],
  });
}
