import { Anchor, Group, Stack, Text } from '@mantine/core';
import { useMemo } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { WORLD_OUTLINE, WORLD_OUTLINE_UNITS_PER_DEGREE } from './world-outline';

/**
 * A static map drawn in the browser from bundled data: no tiles, no key, no network. The land comes
 * from `world-outline.ts` in an equirectangular projection whose standard parallel is the marker's
 * latitude (so the region around it keeps its shape), zoomed to a view around the marker.
 */
export interface StaticMapProps {
  latitude: number;
  longitude: number;
  /** The place the marker stands for, e.g. "Antigua Community School, Antigua, Guatemala". */
  place: string;
  /** Degrees of longitude across the view (36 unless given: a region). */
  spanLongitude?: number;
  /** Whether the marker is drawn (a picker shows none until a place is chosen). */
  marker?: boolean;
  /** Makes the map a picker: called with the position clicked. */
  onPick?: (latitude: number, longitude: number) => void;
}

/** Output size in SVG units; the map scales to the width of its container. */
const WIDTH = 800;
const HEIGHT = 450;
/** The widest the map is shown, in CSS pixels. */
const MAX_DISPLAY_WIDTH = 720;
/** Degrees of longitude across the view. */
const SPAN_LONGITUDE = 36;
/** The projection stops widening the view past these latitudes. */
const MAX_STANDARD_PARALLEL = 60;
const MAX_LATITUDE = 85;

export interface MapView {
  /** Longitude and latitude of the top-left corner. */
  west: number;
  north: number;
  /** SVG units per degree of longitude and of latitude. */
  xScale: number;
  yScale: number;
}

/** The view around a point: the point is centred unless that would show beyond a pole. */
export function mapView(latitude: number, longitude: number, spanLongitude = SPAN_LONGITUDE): MapView {
  const parallel = Math.min(Math.abs(latitude), MAX_STANDARD_PARALLEL);
  const xScale = WIDTH / spanLongitude;
  const yScale = xScale / Math.cos((parallel * Math.PI) / 180);
  const spanLatitude = HEIGHT / yScale;
  const north = Math.min(MAX_LATITUDE, Math.max(-MAX_LATITUDE + spanLatitude, latitude + spanLatitude / 2));
  return { west: longitude - spanLongitude / 2, north, xScale, yScale };
}

/** The position under a point of the view (SVG units): longitude wrapped into -180..180, latitude clamped. */
export function unproject(view: MapView, x: number, y: number): { latitude: number; longitude: number } {
  const longitude = ((((view.west + x / view.xScale + 180) % 360) + 360) % 360) - 180;
  const latitude = Math.max(-90, Math.min(90, view.north - y / view.yScale));
  return { latitude: Math.round(latitude * 1e5) / 1e5, longitude: Math.round(longitude * 1e5) / 1e5 };
}

/** Equirectangular projection into the view, in SVG units. */
export function project(view: MapView, longitude: number, latitude: number): [number, number] {
  return [(longitude - view.west) * view.xScale, (view.north - latitude) * view.yScale];
}

type Bounds = { west: number; east: number; south: number; north: number };

let ringBounds: Bounds[] | null = null;

function boundsOfRings(): Bounds[] {
  ringBounds ??= WORLD_OUTLINE.map((ring) => {
    const bounds = { west: Infinity, east: -Infinity, south: Infinity, north: -Infinity };
    for (let i = 0; i < ring.length; i += 2) {
      const lon = ring[i]! / WORLD_OUTLINE_UNITS_PER_DEGREE;
      const lat = ring[i + 1]! / WORLD_OUTLINE_UNITS_PER_DEGREE;
      bounds.west = Math.min(bounds.west, lon);
      bounds.east = Math.max(bounds.east, lon);
      bounds.south = Math.min(bounds.south, lat);
      bounds.north = Math.max(bounds.north, lat);
    }
    return bounds;
  });
  return ringBounds;
}

/** SVG path data of the land in the view; rings are repeated a world away when the view crosses the antimeridian. */
export function landPath(view: MapView): string {
  const east = view.west + WIDTH / view.xScale;
  const south = view.north - HEIGHT / view.yScale;
  const parts: string[] = [];
  boundsOfRings().forEach((bounds, index) => {
    if (bounds.south > view.north || bounds.north < south) return;
    for (const shift of [-360, 0, 360]) {
      if (bounds.west + shift > east || bounds.east + shift < view.west) continue;
      const ring = WORLD_OUTLINE[index]!;
      let d = '';
      for (let i = 0; i < ring.length; i += 2) {
        const [x, y] = project(
          view,
          ring[i]! / WORLD_OUTLINE_UNITS_PER_DEGREE + shift,
          ring[i + 1]! / WORLD_OUTLINE_UNITS_PER_DEGREE,
        );
        d += `${i === 0 ? 'M' : 'L'}${x.toFixed(1)} ${y.toFixed(1)}`;
      }
      parts.push(`${d}Z`);
    }
  });
  return parts.join('');
}

/** Meridians and parallels every 10 degrees inside the view. */
function graticulePath(view: MapView): string {
  const east = view.west + WIDTH / view.xScale;
  const south = view.north - HEIGHT / view.yScale;
  let d = '';
  for (let lon = Math.ceil(view.west / 10) * 10; lon <= east; lon += 10) {
    const [x] = project(view, lon, 0);
    d += `M${x.toFixed(1)} 0V${HEIGHT}`;
  }
  for (let lat = Math.ceil(south / 10) * 10; lat <= view.north; lat += 10) {
    const [, y] = project(view, 0, lat);
    d += `M0 ${y.toFixed(1)}H${WIDTH}`;
  }
  return d;
}

export function openStreetMapUrl(latitude: number, longitude: number): string {
  return `https://www.openstreetmap.org/?mlat=${latitude}&mlon=${longitude}#map=12/${latitude}/${longitude}`;
}

export function StaticMap({
  latitude,
  longitude,
  place,
  spanLongitude,
  marker = true,
  onPick,
}: StaticMapProps) {
  const view = useMemo(
    () => mapView(latitude, longitude, spanLongitude),
    [latitude, longitude, spanLongitude],
  );
  const land = useMemo(() => landPath(view), [view]);
  const graticule = useMemo(() => graticulePath(view), [view]);
  const [x, y] = project(view, longitude, latitude);
  const intl = useIntl();

  return (
    <Stack gap={6} component="figure" m={0} maw={MAX_DISPLAY_WIDTH}>
      <svg
        role="img"
        aria-label={
          onPick
            ? intl.formatMessage(
                { id: 'map.pickerLabel', defaultMessage: 'Map: click to place {place}' },
                { place },
              )
            : intl.formatMessage(
                { id: 'map.label', defaultMessage: 'Map showing the location of {place}' },
                { place },
              )
        }
        viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
        width="100%"
        style={{
          display: 'block',
          borderRadius: 8,
          border: '1px solid var(--mantine-color-gray-3)',
          cursor: onPick ? 'crosshair' : undefined,
        }}
        onClick={
          onPick
            ? (event) => {
                const box = event.currentTarget.getBoundingClientRect();
                const scale = WIDTH / (box.width || WIDTH);
                const picked = unproject(
                  view,
                  (event.clientX - box.left) * scale,
                  (event.clientY - box.top) * scale,
                );
                onPick(picked.latitude, picked.longitude);
              }
            : undefined
        }
      >
        <rect width={WIDTH} height={HEIGHT} fill="#d0ebff" />
        <path d={graticule} fill="none" stroke="#a5d8ff" strokeWidth={1} />
        <path
          d={land}
          fill="#f1f3e4"
          fillRule="evenodd"
          stroke="#8d9a7b"
          strokeWidth={1}
          strokeLinejoin="round"
        />
        {marker && (
          <g data-testid="map-marker">
            <circle cx={x} cy={y} r={16} fill="#e03131" fillOpacity={0.2} />
            <circle cx={x} cy={y} r={7} fill="#e03131" stroke="#fff" strokeWidth={2.5} />
          </g>
        )}
      </svg>
      <Group component="figcaption" justify="space-between" gap="xs">
        {/* A picker names no place until one is chosen (its label says what the click places). */}
        {(marker || !onPick) && (
          <Text size="sm" c="dimmed">
            {place}
          </Text>
        )}
        {marker && (
          <Anchor
            href={openStreetMapUrl(latitude, longitude)}
            target="_blank"
            rel="noopener noreferrer"
            size="sm"
          >
            <FormattedMessage id="map.openStreetMap" defaultMessage="Open in OpenStreetMap" />
          </Anchor>
        )}
      </Group>
    </Stack>
  );
}
