export {};
//# sourceMappingURL=report.js.map