import { render, screen } from '@testing-library/react';
import { MantineProvider } from '@mantine/core';
import { IntlProvider } from 'react-intl';
import { describe, expect, it } from 'vitest';
import { landPath, mapView, openStreetMapUrl, project, StaticMap, unproject } from './static-map';
import { WORLD_OUTLINE } from './world-outline';

describe('static map projection', () => {
  it('centres the marker in the view', () => {
    const view = mapView(14.5586, -90.7295);
    const [x, y] = project(view, -90.7295, 14.5586);
    expect(x).toBeCloseTo(400);
    expect(y).toBeCloseTo(225);
  });

  it('keeps the view inside the map near a pole, moving the marker off centre instead', () => {
    const view = mapView(80, 20);
    expect(view.north).toBe(85);
    const [, y] = project(view, 20, 80);
    expect(y).toBeLessThan(225);
  });

  it('draws the land around a place on land', () => {
    expect(landPath(mapView(14.5586, -90.7295)).length).toBeGreaterThan(500);
  });

  it('draws the land on both sides of the antimeridian', () => {
    const path = landPath(mapView(-17.7, 178));
    expect(path).not.toBe('');
    expect(path).not.toMatch(/NaN|Infinity/);
    const eastOfDateLine = landPath(mapView(65, -175));
    const view = mapView(65, -175);
    // Chukotka lies west of the view centre across the antimeridian, so some of it is drawn at x < 400.
    const xs = [...eastOfDateLine.matchAll(/[ML](-?[\d.]+) /g)].map((m) => Number(m[1]));
    expect(xs.some((x) => x > 0 && x < project(view, -175, 65)[0])).toBe(true);
  });

  it('keeps the bundled outline small', () => {
    const numbers = WORLD_OUTLINE.reduce((n, ring) => n + ring.length, 0);
    expect(numbers / 2).toBeLessThan(3000);
    expect(WORLD_OUTLINE.every((ring) => ring.length % 2 === 0 && ring.length >= 6)).toBe(true);
  });
});

describe('StaticMap', () => {
  it('is an image named after the place, with a link to OpenStreetMap', () => {
    render(
      <IntlProvider locale="en-US" defaultLocale="en-US">
        <MantineProvider env="test">
          <StaticMap latitude={-0.0917} longitude={34.768} place="Kisumu Lakeside Academy, Kisumu, Kenya" />
        </MantineProvider>
      </IntlProvider>,
    );
    expect(
      screen.getByRole('img', { name: 'Map showing the location of Kisumu Lakeside Academy, Kisumu, Kenya' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Open in OpenStreetMap' })).toHaveAttribute(
      'href',
      'https://www.openstreetmap.org/?mlat=-0.0917&mlon=34.768#map=12/-0.0917/34.768',
    );
    expect(openStreetMapUrl(1.5, 2)).toBe('https://www.openstreetmap.org/?mlat=1.5&mlon=2#map=12/1.5/2');
  });
});

describe('the map as a picker', () => {
  it('answers the position under a point, the inverse of the projection', () => {
    const view = mapView(0.43, 33.2, 120);
    const [x, y] = project(view, 35.5, -1.25);
    expect(unproject(view, x, y)).toEqual({ latitude: -1.25, longitude: 35.5 });
  });

  it('wraps a longitude past the antimeridian', () => {
    const view = mapView(-17.7, 178);
    const [x, y] = project(view, 182, -17.7);
    expect(unproject(view, x, y).longitude).toBeCloseTo(-178);
  });

  it('as a picker, names no place in its caption until one is chosen', () => {
    const picker = (marker: boolean) => (
      <IntlProvider locale="en-US" defaultLocale="en-US">
        <MantineProvider env="test">
          <StaticMap
            latitude={10}
            longitude={0}
            place="the program"
            marker={marker}
            onPick={() => undefined}
          />
        </MantineProvider>
      </IntlProvider>
    );
    const { rerender } = render(picker(false));
    expect(screen.getByRole('img', { name: 'Map: click to place the program' })).toBeInTheDocument();
    expect(screen.queryByText('the program')).not.toBeInTheDocument();
    rerender(picker(true));
    expect(screen.getByText('the program')).toBeInTheDocument();
  });
});
