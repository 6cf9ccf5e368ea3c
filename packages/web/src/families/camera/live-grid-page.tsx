import { CloseOutlined } from '@ant-design/icons';
import { Button, Card, Col, Empty, Flex, Modal, Row, Segmented, Tree, Typography } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ActiveStateTag } from '../../components/device';
import { projectScreen } from '../../components/project-scoped';
import { LivePlayer } from '../../components/video/live-player';
import { useFamilyDevices } from '../kit/device-select';
import { type CameraListRow, cameraApi } from './api';

/** Spec 001 §9 "layout grids 2x2, 3x3". */
const LAYOUTS = { '2x2': 2, '3x3': 3 } as const;
type Layout = keyof typeof LAYOUTS;

/**
 * /pjt/pjtcameralivegrid (spec 001 §2): live video of up to 4 or 9 cameras picked from the project's
 * tree (the project and its child projects, each with its cameras); each tile names its camera and its
 * state, plays it, says what goes wrong in the reader's words; a double-click enlarges it.
 */
export default projectScreen(LiveGrid);

function LiveGrid({ projectId }: { projectId: number }) {
  const { t } = useTranslation();
  const api = cameraApi(projectId);
  const [layout, setLayout] = useState<Layout>('2x2');
  const [tiles, setTiles] = useState<(number | null)[]>(Array(9).fill(null));
  const [active, setActive] = useState(0);
  const [enlarged, setEnlarged] = useState<CameraListRow | null>(null);
  const cameras = useFamilyDevices(api.page, true);
  const rows = cameras.data?.list ?? [];
  const byId = new Map(rows.map((r) => [r.id, r]));
  const size = LAYOUTS[layout];
  const count = size * size;

  const tree = useMemo(() => {
    const projects = new Map<string, CameraListRow[]>();
    for (const r of rows) {
      const name = r.projectName ?? '';
      projects.set(name, [...(projects.get(name) ?? []), r]);
    }
    return [...projects].map(([name, list]) => ({
      key: `p:${name}`,
      title: name || t('menu.pjtdevicecameralist'),
      selectable: false,
      children: list.map((r) => ({ key: `c:${r.id}`, title: r.name, isLeaf: true })),
    }));
  }, [rows, t]);

  const pick = (id: number) => {
    setTiles((old) => {
      const next = [...old];
      next[active] = id;
      return next;
    });
    setActive((a) => (a + 1) % count);
  };

  return (
    <Row gutter={12}>
      <Col xs={24} lg={5}>
        <Card size="small" title={t('camera.grid.cameras')} data-testid="grid-tree">
          {rows.length === 0 ? (
            <Empty description={t('camera.grid.none')} />
          ) : (
            <Tree
              defaultExpandAll
              treeData={tree}
              selectedKeys={[]}
              onSelect={(keys) => keys[0] && pick(Number(String(keys[0]).slice(2)))}
            />
          )}
        </Card>
      </Col>
      <Col xs={24} lg={19}>
        <Card
          size="small"
          title={t('camera.grid.title')}
          extra={
            <Segmented
              options={Object.keys(LAYOUTS).map((k) => ({ value: k, label: t(`camera.grid.layouts.${k}`) }))}
              value={layout}
              onChange={(v) => {
                setLayout(v as Layout);
                setActive(0);
              }}
              data-testid="grid-layout"
            />
          }
        >
          <div
            style={{ display: 'grid', gridTemplateColumns: `repeat(${size}, 1fr)`, gap: 6 }}
            data-testid="grid-tiles"
            data-layout={layout}
          >
            {tiles.slice(0, count).map((cameraId, i) => {
              const camera = cameraId === null ? undefined : byId.get(cameraId);
              return (
                // biome-ignore lint/a11y/useSemanticElements: a tile holds a video and its own remove button, which a button may not contain
                <div
                  // biome-ignore lint/suspicious/noArrayIndexKey: a tile is its place in the grid
                  key={i}
                  onClick={() => setActive(i)}
                  onKeyDown={(e) => e.key === 'Enter' && setActive(i)}
                  onDoubleClick={() => camera && setEnlarged(camera)}
                  role="button"
                  tabIndex={0}
                  data-testid="grid-tile"
                  data-camera={camera?.name ?? ''}
                  style={{
                    border: `2px solid ${active === i ? '#1677ff' : '#d9d9d9'}`,
                    borderRadius: 4,
                    background: '#000',
                  }}
                >
                  <Flex justify="space-between" align="center" style={{ padding: '2px 6px', background: '#fff' }}>
                    <Typography.Text ellipsis strong style={{ maxWidth: '70%' }}>
                      {camera?.name ?? t('camera.grid.empty')}
                    </Typography.Text>
                    {camera && (
                      <Flex gap={4} align="center">
                        <ActiveStateTag state={camera.activeState} />
                        <Button
                          size="small"
                          type="text"
                          icon={<CloseOutlined />}
                          aria-label={t('camera.grid.remove')}
                          onClick={(e) => {
                            e.stopPropagation();
                            setTiles((old) => old.map((x, j) => (j === i ? null : x)));
                          }}
                        />
                      </Flex>
                    )}
                  </Flex>
                  {camera ? (
                    <LivePlayer
                      calls={cameraApi}
                      projectId={projectId}
                      id={camera.id}
                      height={size === 2 ? 260 : 170}
                    />
                  ) : (
                    <Flex align="center" justify="center" style={{ height: size === 2 ? 260 : 170, color: '#bbb' }}>
                      {t('camera.grid.pick')}
                    </Flex>
                  )}
                </div>
              );
            })}
          </div>
        </Card>
      </Col>
      <Modal
        open={enlarged !== null}
        title={enlarged?.name}
        footer={null}
        width={1000}
        onCancel={() => setEnlarged(null)}
        destroyOnHidden
      >
        {enlarged && <LivePlayer calls={cameraApi} projectId={projectId} id={enlarged.id} height={540} />}
      </Modal>
    </Row>
  );
}
