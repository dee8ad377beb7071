#pragma once
// The parts of the designer window a lesson plays on. Every pointer is set and outlives the
// lesson player (the window owns them all).

class QMainWindow;

namespace netsizer::ui {

class Document;
class DocumentFiles;
class DisplayOptions;
class GraphScene;
class GraphView;
class MemoryView;

struct LessonStage {
    QMainWindow* window = nullptr;
    Document* doc = nullptr;
    DocumentFiles* files = nullptr;
    DisplayOptions* options = nullptr;
    GraphScene* scene = nullptr;
    GraphView* view = nullptr;
    MemoryView* memory = nullptr;
};

} // namespace netsizer::ui
