import { describe, expect, it } from '@jest/globals';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PRACTICE_LOCATIONS } from '@portal/core';
import { practiceConfigPath, readPracticeConfig } from './config.ts';

const repoFile = new URL('../../../config/practice.json', import.meta.url);

describe('the practice configuration file', () => {
  it('is config/practice.json unless PRACTICE_CONFIG_PATH names another', () => {
    expect(practiceConfigPath({})).toBe(repoFile.pathname);
    expect(practiceConfigPath({ PRACTICE_CONFIG_PATH: '/etc/portal/practice.json' })).toBe('/etc/portal/practice.json');
  });

  it("reads another practice's file and installs its addresses; a bad or missing file stops the start, naming it", () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'practice-'));
    try {
      const theirs = JSON.parse(readFileSync(repoFile, 'utf8'));
      theirs.locations[0].address1 = '99 Other Street';
      theirs.nurseLine.phone = '4015559999';
      const file = path.join(dir, 'practice.json');
      writeFileSync(file, JSON.stringify(theirs));
      expect(readPracticeConfig({ PRACTICE_CONFIG_PATH: file }).nurseLine.phone).toBe('4015559999');
      expect(PRACTICE_LOCATIONS.find((location) => location.id === theirs.locations[0].id)?.address1).toBe('99 Other Street');

      writeFileSync(file, JSON.stringify({ ...theirs, supportEmail: 'nobody' }));
      expect(() => readPracticeConfig({ PRACTICE_CONFIG_PATH: file })).toThrow(/practice\.json is not usable:\n- supportEmail must be an email address/);
      writeFileSync(file, '{ not json');
      expect(() => readPracticeConfig({ PRACTICE_CONFIG_PATH: file })).toThrow(/could not be read/);
      expect(() => readPracticeConfig({ PRACTICE_CONFIG_PATH: path.join(dir, 'missing.json') })).toThrow(/missing\.json could not be read/);
    } finally {
      rmSync(dir, { recursive: true, force: true });
      readPracticeConfig({});
    }
  });
});
