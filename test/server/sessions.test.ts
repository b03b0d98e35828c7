/**
 * Sessions: the list (device, approximate place, last seen), ending one or all others, password change
 * ending the others, an admin ending a member's sessions, and a removed member being signed out at once.
 */
import assert from 'node:assert/strict';
import { before, describe, it } from './helpers/node-test.js';
import { describeDevice, describePlace } from '../../src/server/security/devices.js';
import { useTestApp } from './helpers/app.js';
import { PASSWORD, invitedMember, signup, type TestUser } from './helpers/users.js';

const t = useTestApp();
const FIREFOX_LINUX = 'Mozilla/5.0 (X11; Linux x86_64; rv:128.0) Gecko/20100101 Firefox/128.0';
const CHROME_WINDOWS =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36';

/** Browsers much used in China, each of which also names the engine it is built on. */
const CHINESE_BROWSER_AGENTS: [string, string][] = [
  [
    'Mozilla/5.0 (Linux; Android 13; V2049A Build/TP1A.220624.014; wv) AppleWebKit/537.36 (KHTML, like Gecko) Version/4.0 Chrome/116.0.0.0 Mobile Safari/537.36 XWEB/1160065 MMWEBSDK/20231202 MQQBrowser/6.2 TBS/045130 MicroMessenger/8.0.47.2560(0x28002F35) WeChat/arm64 Weixin NetType/WIFI Language/zh_CN ABI/arm64',
    'WeChat on Android',
  ],
  [
    'Mozilla/5.0 (iPhone; CPU iPhone OS 17_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 MicroMessenger/8.0.44(0x18002c2d) NetType/WIFI Language/zh_CN',
    'WeChat on iOS',
  ],
  [
    'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/94.0.4606.71 Safari/537.36 Core/1.94.218.400 QQBrowser/12.1.5496.400',
    'QQ Browser on Windows',
  ],
  [
    'Mozilla/5.0 (Linux; U; Android 12; zh-cn; PEHM00 Build/SKQ1.210216.001) AppleWebKit/537.36 (KHTML, like Gecko) Version/4.0 Chrome/109.0.5414.86 MQQBrowser/14.2 Mobile Safari/537.36',
    'QQ Browser on Android',
  ],
  [
    'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/86.0.4240.198 Safari/537.36 SE 2.X MetaSr 1.0',
    'Sogou Browser on Windows',
  ],
  [
    'Mozilla/5.0 (Windows NT 6.1; WOW64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/63.0.3239.132 Safari/537.36 QIHU 360SE',
    '360 Browser on Windows',
  ],
  [
    'Mozilla/5.0 (Windows NT 10.0; WOW64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/108.0.5359.95 Safari/537.36 QIHU 360EE',
    '360 Browser on Windows',
  ],
  [
    'Mozilla/5.0 (Linux; U; Android 10; zh-CN; V1938CT Build/QP1A.190711.020) AppleWebKit/537.36 (KHTML, like Gecko) Version/4.0 Chrome/78.0.3904.108 UCBrowser/15.3.6.1186 Mobile Safari/537.36',
    'UC Browser on Android',
  ],
];

async function login(user: TestUser, userAgent: string, ip: string, password = PASSWORD): Promise<string> {
  const res = await t.api('login', {
    body: { email: user.email, password },
    headers: { 'user-agent': userAgent },
    ip,
  });
  assert.equal(res.status, 200, JSON.stringify(res.body));
  return res.cookie!;
}

const signedIn = async (cookie: string) => (await t.api('getUser', { cookie })).status === 200;

describe('list-sessions, end-session, end-other-sessions', () => {
  let user: TestUser;
  let laptop: string;
  let phone: string;

  before(async () => {
    user = await signup(t.api);
    laptop = await login(user, FIREFOX_LINUX, '192.168.1.20');
    phone = await login(user, CHROME_WINDOWS, '203.0.113.5');
  });

  it('lists every live session with its device, place and address, the current one first', async () => {
    const res = await t.api('listSessions', { cookie: laptop });
    assert.equal(res.status, 200);
    const sessions = res.body.data.sessions;
    assert.equal(sessions.length, 3); // signup's, the laptop's, the phone's
    assert.deepEqual(
      sessions.map((s: { device: string; place: string; ip: string; current: boolean }) => [
        s.device,
        s.place,
        s.ip,
        s.current,
      ]),
      [
        ['Firefox on Linux', 'Local network', '192.168.1.20', true],
        ['Chrome on Windows', 'Internet', '203.0.113.5', false],
        ['Unknown device', 'Local network', sessions[2].ip, false],
      ],
    );
    assert.ok(
      sessions.every((s: { last_seen_at: number }) => Math.abs(Date.now() / 1000 - s.last_seen_at) < 600),
    );
  });

  it('ends one session: its next call answers 401, the others stay', async () => {
    const sessions = (await t.api('listSessions', { cookie: laptop })).body.data.sessions;
    const phoneSession = sessions.find((s: { device: string }) => s.device === 'Chrome on Windows');
    const res = await t.api('endSession', { cookie: laptop, body: { session_id: phoneSession.id } });
    assert.equal(res.status, 200);
    assert.equal(await signedIn(phone), false);
    assert.equal(await signedIn(laptop), true);
    const again = await t.api('endSession', { cookie: laptop, body: { session_id: phoneSession.id } });
    assert.equal(again.status, 404);
    assert.equal(again.body.message, 'This session has already ended.');
    assert.equal((await t.api('endSession', { cookie: laptop, body: { session_id: 'abc' } })).status, 404);
  });

  it("cannot end someone else's session", async () => {
    const stranger = await signup(t.api);
    const theirs = (await t.api('listSessions', { cookie: stranger.cookie })).body.data.sessions[0];
    const res = await t.api('endSession', { cookie: laptop, body: { session_id: theirs.id } });
    assert.equal(res.status, 404);
    assert.equal(await signedIn(stranger.cookie), true);
  });

  it('ends every other session, keeping this one', async () => {
    const tablet = await login(user, FIREFOX_LINUX, '10.0.0.3');
    const res = await t.api('endOtherSessions', { cookie: tablet });
    assert.equal(res.status, 200);
    assert.equal(res.body.message, 'Signed out 2 other sessions.');
    assert.equal(await signedIn(laptop), false);
    assert.equal(await signedIn(user.cookie), false);
    assert.equal(await signedIn(tablet), true);
    assert.equal((await t.api('listSessions', { cookie: tablet })).body.data.sessions.length, 1);
  });

  it('answers 401 to anonymous callers', async () => {
    assert.equal((await t.api('listSessions', {})).status, 401);
    assert.equal((await t.api('endOtherSessions', {})).status, 401);
  });
});

describe('change-password', () => {
  it('needs the current password, then ends every other session', async () => {
    const user = await signup(t.api);
    const other = await login(user, FIREFOX_LINUX, '10.0.0.4');
    const wrong = await t.api('changePassword', {
      cookie: user.cookie,
      body: { current_password: 'not-it-1A!', new_password: 'N3w-Passw0rd!' },
    });
    assert.equal(wrong.status, 400);
    assert.equal(wrong.body.message, 'Your current password is not correct.');
    const weak = await t.api('changePassword', {
      cookie: user.cookie,
      body: { current_password: PASSWORD, new_password: 'short' },
    });
    assert.equal(weak.status, 400);
    assert.equal(await signedIn(other), true);

    const res = await t.api('changePassword', {
      cookie: user.cookie,
      body: { current_password: PASSWORD, new_password: 'N3w-Passw0rd!' },
    });
    assert.equal(res.status, 200);
    assert.equal(await signedIn(other), false);
    assert.equal(await signedIn(user.cookie), true);
    await login(user, FIREFOX_LINUX, '10.0.0.5', 'N3w-Passw0rd!');
  });
});

describe('two password changes at once', () => {
  it('the one that lands second changes nothing: whoever knew the old password cannot overtake the owner', async () => {
    const owner = await signup(t.api);
    const intruder = await login(owner, FIREFOX_LINUX, '10.0.0.6');
    // The intruder's change has read the account (old password) when the owner's lands.
    const limiter = t.app.services.rateLimiter;
    const hit = limiter.hit;
    limiter.hit = async (rule, subject) => {
      limiter.hit = hit;
      const first = await t.api('changePassword', {
        cookie: owner.cookie,
        body: { current_password: PASSWORD, new_password: 'Own3r-Passw0rd!' },
      });
      assert.equal(first.status, 200, JSON.stringify(first.body));
      return hit.call(limiter, rule, subject);
    };
    try {
      const second = await t.api('changePassword', {
        cookie: intruder,
        body: { current_password: PASSWORD, new_password: 'Intrud3r-Passw0rd!' },
      });
      assert.equal(second.status, 400, JSON.stringify(second.body));
      assert.equal(second.body.message, 'Your current password is not correct.');
    } finally {
      limiter.hit = hit;
    }
    assert.equal(await signedIn(owner.cookie), true);
    assert.equal(await signedIn(intruder), false);
    await login(owner, FIREFOX_LINUX, '10.0.0.7', 'Own3r-Passw0rd!');
  });
});

describe('end-member-sessions and remove-organization-user', () => {
  let admin: TestUser;
  let member: TestUser;
  let outsider: TestUser;

  before(async () => {
    admin = await signup(t.api);
    member = await invitedMember(t, admin);
    outsider = await signup(t.api);
    await t.api('inviteUser', { cookie: outsider.cookie, body: { email: `x.${Date.now()}@example.com` } });
  });

  it("an admin ends every session of a member; the member's next call answers 401", async () => {
    const second = await login(member, CHROME_WINDOWS, '10.0.0.6');
    const res = await t.api('endMemberSessions', { cookie: admin.cookie, body: { user_id: member.id } });
    assert.equal(res.status, 200);
    assert.equal(res.body.message, `Every session of ${member.email} was signed out.`);
    assert.equal(await signedIn(member.cookie), false);
    assert.equal(await signedIn(second), false);
    assert.equal(await signedIn(admin.cookie), true);
    member.cookie = await login(member, CHROME_WINDOWS, '10.0.0.6');
    const audit = (
      await t.api('listAuditEvents', { cookie: admin.cookie, query: { type: 'sessions.member_ended' } })
    ).body.data.events;
    assert.deepEqual(
      audit.map((e: { actor_email: string; target_email: string }) => [e.actor_email, e.target_email]),
      [[admin.email, member.email]],
    );
  });

  it("a member cannot, and another organization's admin gets 404", async () => {
    const byMember = await t.api('endMemberSessions', { cookie: member.cookie, body: { user_id: admin.id } });
    assert.equal(byMember.status, 403);
    const byOutsider = await t.api('endMemberSessions', {
      cookie: outsider.cookie,
      body: { user_id: member.id },
    });
    assert.equal(byOutsider.status, 404);
    assert.equal(await signedIn(member.cookie), true);
    assert.equal(await signedIn(admin.cookie), true);
  });

  it("only the billing admin ends the billing admin's sessions; a co-admin gets 403", async () => {
    const coAdmin = await invitedMember(t, admin, { role: 'admin' });
    const refused = await t.api('endMemberSessions', { cookie: coAdmin.cookie, body: { user_id: admin.id } });
    assert.equal(refused.status, 403);
    assert.equal(refused.body.message, "Only the billing admin can end the billing admin's sessions.");
    assert.equal(await signedIn(admin.cookie), true);
    const audit = (
      await t.api('listAuditEvents', { cookie: admin.cookie, query: { type: 'sessions.member_ended' } })
    ).body.data.events;
    assert.ok(!audit.some((e: { target_email: string }) => e.target_email === admin.email));
    // The billing admin still ends the co-admin's, as any admin ends everyone else's.
    const ended = await t.api('endMemberSessions', { cookie: admin.cookie, body: { user_id: coAdmin.id } });
    assert.equal(ended.status, 200);
    assert.equal(await signedIn(coAdmin.cookie), false);
  });

  it("a removed member's next call answers 401", async () => {
    assert.equal(await signedIn(member.cookie), true);
    const res = await t.api('removeOrganizationUser', { cookie: admin.cookie, body: { user_id: member.id } });
    assert.equal(res.status, 200);
    const next = await t.api('getUser', { cookie: member.cookie });
    assert.equal(next.status, 401);
    const removed = (
      await t.api('listAuditEvents', { cookie: admin.cookie, query: { type: 'member.removed' } })
    ).body.data.events;
    assert.equal(removed[0].target_email, member.email);
  });
});

describe('device and place, worked out locally', () => {
  it('names browser and system from the user agent', () => {
    assert.equal(describeDevice(FIREFOX_LINUX), 'Firefox on Linux');
    assert.equal(describeDevice(CHROME_WINDOWS), 'Chrome on Windows');
    assert.equal(
      describeDevice(
        'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1',
      ),
      'Safari on iOS',
    );
    assert.equal(
      describeDevice('Mozilla/5.0 (Windows NT 10.0) AppleWebKit/537.36 Chrome/131.0 Safari/537.36 Edg/131.0'),
      'Edge on Windows',
    );
    for (const [agent, device] of CHINESE_BROWSER_AGENTS) assert.equal(describeDevice(agent), device, agent);
    assert.equal(describeDevice('curl/8.0'), 'Unknown device');
    assert.equal(describeDevice(undefined), 'Unknown device');
  });

  it('tells loopback, private and public addresses apart without any lookup', () => {
    assert.equal(describePlace('127.0.0.1'), 'This computer');
    assert.equal(describePlace('::1'), 'This computer');
    assert.equal(describePlace('::ffff:192.168.0.4'), 'Local network');
    assert.equal(describePlace('172.20.1.1'), 'Local network');
    assert.equal(describePlace('fd12::1'), 'Local network');
    assert.equal(describePlace('8.8.8.8'), 'Internet');
    assert.equal(describePlace('2001:db8::1'), 'Internet');
    assert.equal(describePlace('not an ip'), 'Unknown');
    assert.equal(describePlace(null), 'Unknown');
  });
});
