# NetSizer — the two promises of the README:
#   make run   installs what is missing, builds, opens the designer on the VGG16 example
#   make test  installs what is missing, builds, runs every test (CTest, offscreen), then builds
#              the core, io and CLI tests again with ASan + UBSan and asserts on, in $(SAN_DIR),
#              and runs them (make test-sanitize alone; docs/reliability.md)
#   make install PREFIX=…  builds and installs (bin/, share/applications, share/icons, share/netsizer)
#   make fuzz  builds the readers' libFuzzer targets (clang, ASan, UBSan; build-fuzz/) and runs
#              each for FUZZ_TIME seconds (scripts/fuzz.sh)
BUILD_DIR ?= build
SAN_DIR ?= build-san
SAN_CXX ?= clang++
BUILD_TYPE ?= RelWithDebInfo
JOBS ?= $(shell nproc)
EXAMPLE ?= resources/examples/vgg16.json
PREFIX ?= /usr/local
FUZZ_TIME ?= 120

.PHONY: all deps configure build run test test-sanitize bench install fuzz clean

all: build

deps:
	./scripts/install-deps.sh

configure: deps
	cmake -S . -B $(BUILD_DIR) -G Ninja -DCMAKE_BUILD_TYPE=$(BUILD_TYPE)

build: configure
	cmake --build $(BUILD_DIR) -j $(JOBS)

run: build
	./$(BUILD_DIR)/app/netsizer $(EXAMPLE)

test: build
	-./scripts/install-test-extras.sh
	cd $(BUILD_DIR) && QT_QPA_PLATFORM=offscreen ctest --output-on-failure -j $(JOBS)
	$(MAKE) test-sanitize

# -O1 with AddressSanitizer and UndefinedBehaviorSanitizer (any report fails its test), asserts on
# (Debug: no NDEBUG); only Qt Core/Test, no designer, UI tests or benchmarks (NETSIZER_SANITIZE).
test-sanitize: deps
	cmake -S . -B $(SAN_DIR) -G Ninja -DCMAKE_BUILD_TYPE=Debug -DNETSIZER_SANITIZE=ON -DCMAKE_CXX_COMPILER=$(SAN_CXX)
	cmake --build $(SAN_DIR) -j $(JOBS)
	cd $(SAN_DIR) && ctest --output-on-failure -j $(JOBS)

# Honours DESTDIR (staged installs for packaging): make install PREFIX=/usr DESTDIR=/tmp/stage
install: build
	cmake --install $(BUILD_DIR) --prefix $(PREFIX)

bench: build
	./$(BUILD_DIR)/tests/bench/netsizer-bench-core
	./$(BUILD_DIR)/tests/bench/netsizer-bench-advise
	./$(BUILD_DIR)/tests/bench/netsizer-bench-checkpoint
	./$(BUILD_DIR)/tests/bench/netsizer-bench-import

fuzz: deps
	FUZZ_TIME=$(FUZZ_TIME) FUZZ_JOBS=$(JOBS) ./scripts/fuzz.sh

clean:
	rm -rf $(BUILD_DIR) $(SAN_DIR)
