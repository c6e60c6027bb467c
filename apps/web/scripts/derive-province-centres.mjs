// Rebuilds src/features/seek/province-centres.json from the Countries States Cities Database (ODbL 1.0):
//   npm pack @countrystatecity/countries && tar xzf countrystatecity-countries-*.tgz
//   node apps/web/scripts/derive-province-centres.mjs package/dist/data/Thailand-TH/states.json
// Names are the Thai address dataset's, so a patient's registered province finds its centre.
import { readFileSync, writeFileSync } from 'node:fs';
import { getProvinceAll } from 'thai-address-universal';

const NAME_FIXES = { กรุงเทพฯ: 'กรุงเทพมหานคร', แนน: 'น่าน' };
const states = JSON.parse(readFileSync(process.argv[2], 'utf8')).filter(
  (s) => s.type === 'province' || s.iso2 === '10',
);
const provinces = await getProvinceAll();
const centres = Object.fromEntries(
  states
    .map((s) => [NAME_FIXES[s.native] ?? s.native, [+Number(s.latitude).toFixed(4), +Number(s.longitude).toFixed(4)]])
    .sort(([a], [b]) => a.localeCompare(b, 'th')),
);
const missing = provinces.filter((p) => !centres[p]);
if (missing.length > 0) throw new Error(`no centre for: ${missing.join(', ')}`);
const rows = Object.entries(centres).map(([name, [lat, lng]]) => `    ${JSON.stringify(name)}: [${lat}, ${lng}]`);
const source =
  'Province capitals from the Countries States Cities Database (github.com/dr5hn/countries-states-cities-database, npm @countrystatecity/countries 1.0.9), ODbL 1.0';
writeFileSync(
  new URL('../src/features/seek/province-centres.json', import.meta.url),
  `{\n  "source": ${JSON.stringify(source)},\n  "centres": {\n${rows.join(',\n')}\n  }\n}\n`,
);
