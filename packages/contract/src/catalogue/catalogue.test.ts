import { describe, expect, it } from 'vitest';
import { AUTH_LEVEL } from '../enums.js';
import { I18N_RESOURCES } from '../i18n/translate.js';
import { apiIndex, CATALOGUE, FUNCTIONS, functionByPath, GROUPS, PUBLIC_APIS, SESSION_APIS } from './index.js';

/** Routes of spec 000 §2 and 001 §2, written out here so that a lost entry fails the test. */
const SPEC_ROUTES = [
  ...[
    'manmain',
    'rolelist',
    'projectlist',
    'userlist',
    'authlist',
    'syssettings',
    'sitemessage',
    'managehistory',
    'operatehistory',
    'visithistory',
  ].map((r) => `/man/${r}`),
  ...['authmodule', 'devicetypelist', 'devicefactorylist', 'devicemodellist'].map((r) => `/bas/${r}`),
  ...['devicearealist', 'devicegrouplist', 'devicelist', 'deviceedit', 'bizproductionlib'].map((r) => `/biz/${r}`),
  '/map/bizindex',
  ...[
    'pjtprojectsummary',
    'pjtprojectsummarylayout',
    'pjtnoticerule',
    'pjtparams',
    'pjtrolelist',
    'pjtuserlist',
    'pjtauthlist',
    'pjtdevicefactorylist',
    'pjtdevicemodellist',
    'pjtdevicearealist',
    'pjtdevicegrouplist',
    'pjtdevicelist',
    'pjtdeviceedit',
    'pjtdevicelightingpolicy',
    'pjtdevicelightingsummary',
    'pjtdevicelightinglist',
    'pjtdevicelighting',
    'pjtdevicelightinggroup',
    'pjtdevicemtclist',
    'pjtdevicemtc',
    'pjtdevicemtcpolicy',
    'pjtdevicedvrlist',
    'pjtdevicedvr',
    'pjtdevicecameralist',
    'pjtcameralivegrid',
    'pjtdevicecamera',
    'pjtdevicecamerarecord',
    'pjtdeviceenvmonitorlist',
    'pjtdeviceenvdatahistory',
    'pjtdevicevoice',
    'pjtdeviceledlist',
    'pjtdeviceled',
    'pjtledresourcelist',
    'pjtledprogramlist',
    'pjtledprogram',
    'pjtledlive',
    'pjtdevicegatewaylist',
    'pjtdevicegateway',
    'pjtdevicensclist',
    'pjtdevicenscgroup',
    'pjtnscmediagroup',
    'pjtnsctasklist',
    'pjtnsctask',
    'pjtnsccontrolcenter',
    'pjtdevicescdlist',
    'pjtdevicescd',
    'pjtdevicewifilist',
    'pjtdevicewifi',
    'pjtdeviceecelist',
    'pjtdeviceece',
    'pjtdeviceeceagentseat',
    'pjtdeviceecerecord',
    'pjtdeviceillumlist',
    'pjtdeviceillum',
    'pjtdeviceillumgroup',
    'pjtdevicewhmlist',
    'pjtdevicewhm',
    'pjtmaintenancebilllist',
    'pjtmaintenancebill',
    'pjtpolemaintenance',
    'pjtdevicemaintenancehistory',
  ].map((r) => `/pjt/${r}`),
];

describe('the catalogue', () => {
  it('covers every route of spec 000 §2 and 001 §2', () => {
    const missing = SPEC_ROUTES.filter((route) => !functionByPath(route));
    expect(missing).toEqual([]);
  });

  it('has unique keys and paths, and every parent exists', () => {
    const keys = CATALOGUE.map((e) => e.key);
    expect(new Set(keys).size).toBe(keys.length);
    const paths = FUNCTIONS.map((f) => f.path);
    expect(new Set(paths).size).toBe(paths.length);
    const groups = new Set(GROUPS.map((g) => g.key));
    for (const e of CATALOGUE) if (e.parent) expect(groups.has(e.parent), `${e.key} → ${e.parent}`).toBe(true);
  });

  it('labels every entry in both languages', () => {
    for (const e of CATALOGUE) {
      expect(I18N_RESOURCES.zh_CN.menu, e.key).toHaveProperty(e.key);
      expect(I18N_RESOURCES.en_US.menu, e.key).toHaveProperty(e.key);
    }
  });

  it('points detail pages at a list that carries the permission', () => {
    for (const f of FUNCTIONS.filter((x) => x.authOf)) {
      const owner = FUNCTIONS.find((x) => x.key === f.authOf);
      expect(owner, f.key).toBeDefined();
      expect(owner!.authOf, f.key).toBeUndefined();
    }
  });

  it('asks view for reads and at least modify for writes', () => {
    // A secret (a device's MQTT password) is read at the level that may change it, never at view.
    // So are the GETs that only open a socket which acts on devices (the speakers' live broadcast, the
    // agent seat's call with a post).
    const secretReads = new Set([
      'GET /api/biz/productionlib.do/:id/key1',
      'GET /api/pjts/:projectId/iot/nsc/live',
      'GET /api/pjts/:projectId/iot/ece/live',
    ]);
    // The spec's POST for a read (spec 001 §7 "POST /{id}/pdf"): whoever sees a work order may print it.
    // A recorder's record-file search carries its filters as a body: looking at recordings is viewing.
    const readsByPost = new Set([
      'POST /api/pjts/:projectId/maintenance.do/:id/pdf',
      'POST /api/pjts/:projectId/iot/dvr/:id/records',
    ]);
    for (const [key, owners] of apiIndex()) {
      for (const { grant } of owners) {
        if (secretReads.has(key)) expect(grant.level, key).toBe(AUTH_LEVEL.modify);
        else if (grant.method === 'GET' || readsByPost.has(key)) expect(grant.level, key).toBe(AUTH_LEVEL.view);
        else expect(grant.level, key).toBeGreaterThanOrEqual(AUTH_LEVEL.modify);
      }
    }
  });

  it('lets every screen that draws the device map make its calls', () => {
    // The device lists have a map view: a user granted only a list must see its map, not an error.
    const index = apiIndex();
    for (const screen of ['bizindex', 'devicelist', 'pjtdevicelist'])
      for (const call of ['GET /api/map/view.do', 'GET /api/map/extent.do', 'GET /api/map/devices.do/:id/summary'])
        expect(
          index.get(call)?.some(({ fn }) => fn.key === screen),
          `${screen}: ${call}`,
        ).toBe(true);
  });

  it('never lists a call as public or session and catalogue-owned at once', () => {
    const index = apiIndex();
    for (const r of [...PUBLIC_APIS, ...SESSION_APIS]) expect(index.has(`${r.method} ${r.path}`), r.path).toBe(false);
  });
});
