# Installation (cmake --install build [--prefix P], or make install PREFIX=P), laid out as the
# freedesktop conventions say:
#   bin/netsizer, bin/netsizer-cli
#   share/applications/netsizer.desktop                       (Desktop Entry Specification)
#   share/icons/hicolor/scalable/apps/netsizer.svg            (Icon Theme Specification)
#   share/icons/hicolor/<N>x<N>/apps/netsizer.png             N = NETSIZER_ICON_SIZES
#   share/netsizer/examples/*.json                            (the example models)
#   share/netsizer/translations/*.qm                          (when there are any)
# The PNGs are rendered from the SVG at build time (app/icon/render_icon.cpp), so the two
# never disagree. The test install_desktop_entry installs into a temporary prefix, checks
# every file and runs desktop-file-validate (Debian desktop-file-utils).
include(GNUInstallDirs)

set(NETSIZER_ICON_SIZES 16 22 24 32 48 64 128 256)
set(NETSIZER_ICON_SVG ${NETSIZER_ROOT}/resources/icons/netsizer.svg)
set(NETSIZER_ICON_DIR ${CMAKE_BINARY_DIR}/icons/hicolor)

add_executable(netsizer-render-icon ${NETSIZER_ROOT}/app/icon/render_icon.cpp)
target_link_libraries(netsizer-render-icon PRIVATE Qt6::Gui Qt6::Svg)

set(NETSIZER_ICON_PNGS)
foreach(size ${NETSIZER_ICON_SIZES})
  list(APPEND NETSIZER_ICON_PNGS ${NETSIZER_ICON_DIR}/${size}x${size}/apps/netsizer.png)
endforeach()
add_custom_command(OUTPUT ${NETSIZER_ICON_PNGS}
  COMMAND ${CMAKE_COMMAND} -E env QT_QPA_PLATFORM=offscreen
          $<TARGET_FILE:netsizer-render-icon> ${NETSIZER_ICON_SVG} ${NETSIZER_ICON_DIR} ${NETSIZER_ICON_SIZES}
  DEPENDS netsizer-render-icon ${NETSIZER_ICON_SVG}
  COMMENT "Rendering the application icon (${NETSIZER_ICON_SIZES} px)")
add_custom_target(netsizer-icons ALL DEPENDS ${NETSIZER_ICON_PNGS})

# Graphviz's dot layout plugin lives outside the loader's path (Debian:
# /usr/lib/x86_64-linux-gnu/graphviz); the build tree finds it through its RPATH, the installed
# designer through this one.
if(GVPLUGIN_DOT_LAYOUT)
  get_filename_component(NETSIZER_GVPLUGIN_DIR ${GVPLUGIN_DOT_LAYOUT} DIRECTORY)
  set_target_properties(netsizer PROPERTIES INSTALL_RPATH ${NETSIZER_GVPLUGIN_DIR})
endif()
install(TARGETS netsizer netsizer-cli RUNTIME DESTINATION ${CMAKE_INSTALL_BINDIR})
install(FILES ${NETSIZER_ROOT}/resources/desktop/netsizer.desktop DESTINATION ${CMAKE_INSTALL_DATADIR}/applications)
install(FILES ${NETSIZER_ICON_SVG} DESTINATION ${CMAKE_INSTALL_DATADIR}/icons/hicolor/scalable/apps)
install(DIRECTORY ${NETSIZER_ICON_DIR}/ DESTINATION ${CMAKE_INSTALL_DATADIR}/icons/hicolor)
file(GLOB NETSIZER_INSTALL_EXAMPLES CONFIGURE_DEPENDS ${NETSIZER_ROOT}/resources/examples/*.json)
install(FILES ${NETSIZER_INSTALL_EXAMPLES} DESTINATION ${CMAKE_INSTALL_DATADIR}/netsizer/examples)
file(GLOB NETSIZER_TRANSLATIONS CONFIGURE_DEPENDS ${NETSIZER_ROOT}/resources/translations/*.qm)
if(NETSIZER_TRANSLATIONS)
  install(FILES ${NETSIZER_TRANSLATIONS} DESTINATION ${CMAKE_INSTALL_DATADIR}/netsizer/translations)
endif()

# Installs into a fresh temporary prefix and checks the result (cmake/CheckInstall.cmake).
find_program(NETSIZER_DESKTOP_FILE_VALIDATE desktop-file-validate)
string(REPLACE ";" "," NETSIZER_ICON_SIZE_LIST "${NETSIZER_ICON_SIZES}")
add_test(NAME install_desktop_entry
  COMMAND ${CMAKE_COMMAND}
          -DBUILD_DIR=${CMAKE_BINARY_DIR}
          -DPREFIX=${CMAKE_BINARY_DIR}/install-test-prefix
          -DICON_SIZES=${NETSIZER_ICON_SIZE_LIST}
          -DEXAMPLES_DIR=${NETSIZER_ROOT}/resources/examples
          -DVALIDATE=${NETSIZER_DESKTOP_FILE_VALIDATE}
          -P ${NETSIZER_ROOT}/cmake/CheckInstall.cmake)
# Skipped (not passed) when desktop-file-validate is not installed (scripts/install-deps.sh
# installs it); every other check still runs first.
set_tests_properties(install_desktop_entry PROPERTIES SKIP_REGULAR_EXPRESSION "desktop-file-validate not found" TIMEOUT 120)

# Help ▸ Documentation opens <prefix>/share/doc/netsizer (ui/help/HelpMenu.cpp).
install(FILES ${NETSIZER_ROOT}/README.md DESTINATION ${CMAKE_INSTALL_DATADIR}/doc/netsizer)
install(DIRECTORY ${NETSIZER_ROOT}/docs/ DESTINATION ${CMAKE_INSTALL_DATADIR}/doc/netsizer)
