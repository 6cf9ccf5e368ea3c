/** 总览布局的规则消息（服务端与画面共用）；画面文字随画面加载（web pages/pjt/pjtprojectsummary/texts）。 */
export const summary = {
  rules: {
    unitCode: '请选择有效的总览单元',
    unitsRequired: '请至少放置一个单元',
    unitsMax: '最多放置 {count} 个单元',
    grid: '栅格只能是 2x2 或 3x3',
    unitTwice: '同一个单元只能放置一次',
    outsideGrid: '单元超出了 {grid}x{grid} 栅格',
    overlap: '单元之间不能重叠',
  },
} as const;
