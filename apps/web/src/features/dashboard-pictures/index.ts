// The pictures panel, to mount in the record editor: <RecordPicturesPanel sponsoredsId={id} />.
export { RecordPicturesPanel, type RecordPicturesPanelProps } from './record-pictures-panel';
export { RecordPicturesRoute } from './record-pictures-route';
export { PicturesSection } from './pictures-section';
