import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { facilities } from '../../db/schema.js';
import { type TestApp, createTestApp } from '../../test/test-app.js';
import { readSnapshot, writeSnapshot } from './registry-snapshot.js';
import { loadShippedDirectory } from './shipped-directory.js';

/** The directory every installation starts with: the hand-listed places and the whole MOPH registry, once. */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const facilityCount = async () => (await t.database.db.select({ n: count() }).from(facilities))[0].n;

describe('the shipped directory', () => {
  it('holds the country: every province, by kind, with the code it is known by', () => {
    const { facilities: all } = readSnapshot();
    const provinces = new Set(all.map((f) => f.province));
    expect(provinces.size).toBeGreaterThanOrEqual(76);
    const ofKind = (kind: string) => all.filter((f) => f.kind === kind).length;
    expect(ofKind('health_promoting_hospital')).toBeGreaterThan(9_000);
    expect(ofKind('community_hospital')).toBeGreaterThan(700);
    expect(ofKind('health_centre')).toBeGreaterThan(200);
    expect(all.every((f) => /^\d{5}$/.test(f.mophCode ?? ''))).toBe(true);
    expect(new Set(all.map((f) => f.stableId)).size).toBe(all.length);
  });

  it('reads back what it wrote', () => {
    const { facilities: all } = readSnapshot();
    const some = [all[0], all.find((f) => f.positionFlag !== null)!, all.find((f) => f.beds !== null)!];
    const dir = mkdtempSync(path.join(os.tmpdir(), 'klaimor-snapshot-'));
    try {
      const file = path.join(dir, 'snapshot.json.gz');
      writeFileSync(file, writeSnapshot(some));
      expect(readSnapshot(file).facilities).toEqual(some);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('loads on a first start, joined with the hand-listed places, and not again', { timeout: 120_000 }, async () => {
    const { facilities: all } = readSnapshot();
    // As a production server starts: the hand-listed places without the demo's deposits and PromptPay ids.
    const first = await loadShippedDirectory(t.database.db, { demoPayments: false });
    expect(first).not.toBeNull();
    expect(first!.inserted + first!.merged).toBe(all.length);
    expect(first!.merged).toBeGreaterThanOrEqual(15);
    const [khonKaen] = await t.database.db
      .select()
      .from(facilities)
      .where(eq(facilities.stableId, 'khon-kaen-hospital'));
    expect(khonKaen.mophCode).toBe('10670');
    const [siriraj] = await t.database.db.select().from(facilities).where(eq(facilities.stableId, 'siriraj-hospital'));
    expect([siriraj.depositAmount, siriraj.promptpayId]).toEqual([0, null]);
    const total = await facilityCount();

    expect(await loadShippedDirectory(t.database.db, { demoPayments: false })).toBeNull();
    expect(await facilityCount()).toBe(total);
    // Starting again brings the hand-listed places up to date, without losing what the registry added to them.
    const [again] = await t.database.db.select().from(facilities).where(eq(facilities.stableId, 'khon-kaen-hospital'));
    expect(again).toMatchObject({ mophCode: '10670', mophType: '05', provinceEn: 'Khon Kaen' });

    // The registry's rows carry their places in English, from the sub-district table, and give them to the listed
    // places they join.
    const [village] = await t.database.db.select().from(facilities).where(eq(facilities.stableId, 'moph-03900'));
    expect(village).toMatchObject({ subdistrictEn: 'Kho Wang', districtEn: 'Kho Wang', provinceEn: 'Yasothon' });
    expect(khonKaen).toMatchObject({ districtEn: 'Mueang Khon Kaen', provinceEn: 'Khon Kaen' });

    // A village in Nan, 650 km from Bangkok: its nearest places are a รพ.สต. and, within reach, a hospital.
    const reply = await t.app.inject({ url: '/api/hospitals?lat=19.1530&lng=100.9300&limit=20' });
    const near = reply.json().data as { kind: string; province: string }[];
    expect(near[0]).toMatchObject({ kind: 'health_promoting_hospital', province: 'น่าน' });
    expect(near.some((f) => f.kind === 'community_hospital' || f.kind === 'hospital')).toBe(true);
  });

  it('loads a new version over the one loaded before, changing only what changed, once', async () => {
    const { facilities: all } = readSnapshot();
    const total = await facilityCount();
    const changed = all.slice(0, 3).map((f) => ({ ...f, provinceEn: `${f.provinceEn} (renamed)` }));
    const dir = mkdtempSync(path.join(os.tmpdir(), 'klaimor-snapshot-'));
    try {
      const file = path.join(dir, 'next.json.gz');
      writeFileSync(file, writeSnapshot([...changed, ...all.slice(3)]));
      const next = await loadShippedDirectory(t.database.db, { demoPayments: false }, file);
      expect(next).toMatchObject({ inserted: 0, updated: 3, unchanged: all.length - 3 });
      const [row] = await t.database.db.select().from(facilities).where(eq(facilities.stableId, changed[0].stableId));
      expect(row.provinceEn).toBe(changed[0].provinceEn);
      expect(await loadShippedDirectory(t.database.db, { demoPayments: false }, file)).toBeNull();
      expect(await facilityCount()).toBe(total);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
