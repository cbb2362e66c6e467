import { describe, expect, it } from 'vitest';
import { activeTab, adminTabPath } from './tabs';

describe('activeTab', () => {
  it('shows Suggestions Management at /admin and /admin/suggestions', () => {
    expect(activeTab('/admin')).toBe('suggestions');
    expect(activeTab('/admin/')).toBe('suggestions');
    expect(activeTab('/admin/suggestions')).toBe('suggestions');
  });

  it('finds the other tabs by their path', () => {
    expect(activeTab('/admin/dashboard')).toBe('dashboard');
    expect(activeTab('/admin/links')).toBe('links');
    expect(activeTab('/admin/sessions')).toBe('sessions');
    expect(activeTab('/admin/users')).toBe('users');
    expect(activeTab('/admin/settings/')).toBe('settings');
  });

  it('falls back to the default tab for unknown paths', () => {
    expect(activeTab('/admin/nope')).toBe('suggestions');
  });

  it('builds the tab paths below /admin', () => {
    expect(adminTabPath('users')).toBe('/admin/users');
  });
});
